import { beforeAll, describe, expect, it } from 'vitest'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { idTimePrefix, newId } from '../../src/server/lib/ids'
import { insertFolder } from '../support/factories'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'

// How notify() gives out ids (notify.ts; on PostgreSQL one statement under the order row,
// docs/decisions/0162): above every stored id, whatever the clock says, and a burst of one actor's
// uploads into one folder, recorded by concurrent transactions, all land, grouped or not, none lost.

let t: TestApp
let actor: Person
let reader: Person

beforeAll(async () => {
  t = await createTestApp()
  actor = await signedIn(t, { name: 'Caller Tester', role: 'admin' })
  reader = await signedIn(t, { name: 'Reader Tester' })
})

/** The milliseconds a UUIDv7 holds. */
const msOf = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)

describe('notification ids', () => {
  it('go above a stored id made later than the clock says now (another instance, a restore)', async () => {
    const db = t.database.db
    // A day past the newest id this process made (its id maker counts on from every id it made, and
    // tests that ran before moved their clocks), so the clock's own id would be below it.
    const ahead = `${idTimePrefix(msOf(newId()) + 86_400_000)}-7000-8000-000000000000`
    await db
      .insertInto('notifications')
      .values({
        id: ahead,
        type: 'quote',
        action: 'created',
        user_name: 'Elsewhere',
        user_id: null,
        mainItem: 'Quote',
        subItem: null,
        forAll: false,
        for_users: JSON.stringify([reader.id]),
        folder_id: null,
        file_id: null,
        product_id: null,
        order_id: null,
        amount: null,
        currency: null,
        createdAt: t.clock.now.toISOString(),
        updatedAt: t.clock.now.toISOString(),
      })
      .execute()
    const input: NotificationInput = {
      type: 'quote',
      action: 'created',
      actor: { id: actor.id, name: actor.name },
      mainItem: 'Quote',
      audience: { forUsers: [reader.id] },
    }
    const first = await notify(db, input, t.clock.now)
    const second = await notify(db, input, t.clock.now)
    expect(first > ahead).toBe(true)
    expect(msOf(first)).toBe(msOf(ahead) + 1)
    expect(second > first).toBe(true)
    // The recipients follow the id the database gave out.
    const listed = await db
      .selectFrom('notification_recipients')
      .select('notification_id')
      .where('notification_id', 'in', [first, second])
      .execute()
    expect(listed.map((r) => r.notification_id).sort()).toEqual([first, second])
  })

  it('let concurrent uploads of one actor into one folder all land, grouped, with no deadlock', async () => {
    const db = t.database.db
    const folder = await insertFolder(db, { type: 'public', folder_name: 'Burst' })
    const upload = (i: number) =>
      db.transaction().execute((trx) =>
        notify(
          trx,
          {
            type: 'file',
            action: 'uploaded',
            actor: { id: actor.id, name: actor.name },
            mainItem: `file-${i}.txt`,
            subItem: 'Burst',
            audience: { forAll: true },
            refs: { folder_id: folder.id },
          },
          t.clock.now,
        ),
      )
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(i)))
    expect(new Set(made).size).toBe(12)
    const left = await db
      .selectFrom('notifications')
      .select(['id', 'itemCount'])
      .where('folder_id', '=', folder.id)
      .execute()
    // A burst is one entry; two racing for the same entry may split it, but no upload goes uncounted.
    expect(left.reduce((sum, n) => sum + n.itemCount, 0)).toBe(12)
    expect(left.map((n) => n.id)).toContain([...made].sort().at(-1))
    if (testDialect() === 'sqlite') expect(left).toHaveLength(1)
  })
})

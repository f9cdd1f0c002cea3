import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/db'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { committedNotificationId } from '../../src/server/features/notifications/notify.repository'
import { idTimePrefix, newId } from '../../src/server/lib/ids'
import { insertFolder } from '../support/factories'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { openStream } from './helpers'

// How notify() gives out ids (notify.ts; on PostgreSQL one statement, and the order row taken at the
// commit, docs/decisions/0162 and 0172): above every stored id, whatever the clock says, in commit
// order with nothing held before the commit, and a burst of one actor's uploads into one folder,
// recorded by concurrent transactions, all land, grouped or not, none lost.

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

/** A quote's notification for the reader, by the actor. */
const quote = (mainItem: string): NotificationInput => ({
  type: 'quote',
  action: 'created',
  actor: { id: actor.id, name: actor.name },
  mainItem,
  audience: { forUsers: [reader.id] },
})

describe('notification ids', () => {
  it('go above a stored id made later than the clock says now (another instance, a restore)', async () => {
    const db = t.database.db
    // A day past the newest id this process made (its id maker counts on from every id it made, and
    // tests that ran before moved their clocks), so the clock's own id would be below it.
    const ahead = `${idTimePrefix(msOf(newId()) + 86_400_000)}-7000-8000-000000000000`
    await db
      .insertInto('notifications')
      .values({ ...storedRow(reader.id), id: ahead })
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
    // Each in a transaction of its own, answering the id it has once committed.
    const upload = (i: number) =>
      notify(
        db,
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

  it('put two notifications of one transaction in order, and deliver both', async () => {
    const db = t.database.db
    const stream = await openStream(reader)
    const recorded = await db
      .transaction()
      .execute(async (trx) => [
        await notify(trx, quote('One'), t.clock.now),
        await notify(trx, quote('Two'), t.clock.now),
      ])
    const [one, two] = await Promise.all(recorded.map((id) => committedNotificationId(db, id)))
    expect(one! < two!).toBe(true)
    expect(await recipientsOf(db, [...recorded, one!, two!])).toEqual([one, two].sort())
    expect((await stream.collect(2)).map((e) => e.id)).toEqual([one, two])
    await stream.close()
  })

  it.skipIf(testDialect() !== 'postgres')(
    'hold nothing another notifying write waits for until the commit, which puts the id in order (PostgreSQL)',
    async () => {
      const db = t.database.db
      const stream = await openStream(reader)
      // The first records, then waits for a second to record and commit before it commits itself.
      let second: string | 'blocked' = 'blocked'
      const recorded = await db.transaction().execute(async (trx) => {
        const id = await notify(trx, quote('First recorded'), t.clock.now)
        second = await Promise.race([
          notify(db, quote('First committed'), t.clock.now),
          new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 10_000)),
        ])
        return id
      })
      expect(second, 'the second committed while the first was still open').not.toBe('blocked')
      // The first's id was made before the second's; its commit moved it above, keeping its random part.
      const first = await committedNotificationId(db, recorded)
      expect(first).not.toBe(recorded)
      expect(first! > second).toBe(true)
      expect(first!.slice(13)).toBe(recorded.slice(13))
      expect(await recipientsOf(db, [recorded, first!, second])).toEqual([first, second].sort())
      // Delivered in commit order, the poke naming the id the commit gave.
      const got = await stream.collect(2)
      expect(got.map((e) => e.id)).toEqual([second, first])
      await stream.close()
    },
  )

  it.skipIf(testDialect() !== 'postgres')(
    'leave the ids of rows stored another way as they are, below the last one given (PostgreSQL)',
    async () => {
      const db = t.database.db
      const old = `${idTimePrefix(msOf(newId()) - 86_400_000)}-7000-8000-000000000001`
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notifications')
          .values({ ...storedRow(reader.id), id: old })
          .execute()
      })
      const kept = await db.selectFrom('notifications').select('id').where('id', '=', old).execute()
      expect(kept).toHaveLength(1)
    },
  )
})

async function recipientsOf(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_recipients')
    .select('notification_id')
    .where('notification_id', 'in', ids)
    .execute()
  return rows.map((r) => r.notification_id).sort()
}

function storedRow(readerId: string) {
  const at = t.clock.now.toISOString()
  return {
    type: 'quote' as const,
    action: 'created' as const,
    user_name: 'Elsewhere',
    user_id: null,
    mainItem: 'Quote',
    subItem: null,
    forAll: false,
    for_users: JSON.stringify([readerId]),
    folder_id: null,
    file_id: null,
    product_id: null,
    order_id: null,
    amount: null,
    currency: null,
    createdAt: at,
    updatedAt: at,
  }
}

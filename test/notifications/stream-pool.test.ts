import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { notify } from '../../src/server/features/notifications/notify'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { openStream } from './helpers'

// On PostgreSQL the live streams read through a pool of their own (connection.ts, `streamReads`):
// a notification reaches every open stream however busy the requests keep theirs, and the streams'
// statements run on plans made once per connection. SQLite has one database and no pool.

describe.skipIf(testDialect() !== 'postgres')('the streams’ own connections (PostgreSQL: pools)', () => {
  it('deliver a notification while every connection the requests use is taken', async () => {
    const t = await createTestApp()
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    await t.deps.notificationHub.listenerReady()

    // Every connection of the requests' pool in an open transaction, until the gate opens.
    let open!: () => void
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const stats = t.database.poolStats!
    const held: Promise<void>[] = []
    let begun = 0
    // Full: one more waits, every connection there is held by a transaction that began.
    const full = () => stats().waiting > 0 && stats().total === begun
    while (!full()) {
      held.push(
        t.database.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx)
          begun++
          await gate
        }),
      )
      await waitUntil(() => begun === held.length || full())
    }
    // A second instance records the notification; its poke reaches this one's listener.
    const other = openDatabase(t.testDb.config)
    try {
      const id = await notify(
        other.db,
        {
          type: 'quote',
          action: 'created',
          actor: { id: null, name: 'Depot' },
          audience: { forUsers: [reader.id] },
        },
        t.clock.now,
      )
      const [arrived] = await stream.collect(1, 'notification', 10_000)
      expect(arrived?.id, 'delivered while the requests’ pool was full').toBe(id)
      expect(stats().waiting, 'the stream asked nothing of the requests’ pool').toBe(1)
    } finally {
      open()
      await Promise.all(held)
      await other.close()
      await stream.close()
    }
  })

  it('plan the streams’ statements once per connection, and the requests’ as PostgreSQL chooses', async () => {
    const t = await createTestApp()
    const mode = async (db: typeof t.database.db) =>
      (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0]?.plan_cache_mode
    expect(await mode(t.database.streamReads)).toBe('force_generic_plan')
    expect(await mode(t.database.db)).toBe('auto')
  })
})

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

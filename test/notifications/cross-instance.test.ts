import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { announceAccessChange, notify } from '../../src/server/features/notifications/notify'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { parseNotification, readyReader, type SseEvent } from './helpers'

// Several instances on one PostgreSQL database (architecture.md "Scale-out"): an event made on
// instance A reaches a page connected to instance B over a real HTTP stream, through LISTEN/NOTIFY,
// well before B's heartbeat would have found it. On SQLite there is one instance by definition.

function listen(t: TestApp) {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}`, close })
    })
  })
}

describe.skipIf(testDialect() !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('deliver an event made on A to a stream open on B', async () => {
    const a = await createTestApp()
    const b = await createTestApp({ sharedDatabase: a.testDb })
    const [httpA, httpB] = await Promise.all([listen(a), listen(b)])
    const abort = new AbortController()
    try {
      const admin = await signedIn(a, { name: 'Admin Tester', role: 'admin' })
      const staff = await signedIn(a, { name: 'Staff Tester', role: 'staff', functions: ['AccessShop'] })
      // Something to resume from, so B's stream has a fixed position before A acts.
      const baseline = await notify(
        a.database.db,
        {
          type: 'quote',
          action: 'created',
          actor: { id: admin.id, name: admin.name },
          audience: { forUsers: [staff.id] },
        },
        a.clock.now,
      )

      const stream = await fetch(`${httpB.url}/api/notifications/stream`, {
        headers: {
          Accept: 'text/event-stream',
          Cookie: staff.client.cookieHeader(),
          'Last-Event-ID': baseline,
        },
        signal: abort.signal,
      })
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-type')).toContain('text/event-stream')
      const events = await readyReader(stream.body!)
      await b.deps.notificationHub.listenerReady()

      // The admin changes the staff member's functions on A, over HTTP: notify() inside A's transaction.
      const started = Date.now()
      const change = await fetch(`${httpA.url}/api/admin/users/${staff.id}`, {
        method: 'PATCH',
        headers: {
          Origin: TEST_ORIGIN,
          'Content-Type': 'application/json',
          Cookie: admin.client.cookieHeader(),
        },
        body: JSON.stringify({ staffFunctions: ['AccessShop', 'ManageFeedback'] }),
      })
      expect(change.status).toBe(200)

      const [arrived] = await events.collect(1, 'notification', 5_000)
      expect(arrived, 'the event from A reached B').toBeDefined()
      // Well inside B's 20-second heartbeat: it came through LISTEN/NOTIFY, not a re-query timer.
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(parseNotification(arrived!)).toMatchObject({
        type: 'staffFunction',
        action: 'updated',
        user_name: admin.name,
        mainItem: 'AccessShop, ManageFeedback',
        sentence: { aboutViewer: true },
      })
      expect(arrived!.id).not.toBe(baseline)
      await events.close()
    } finally {
      abort.abort()
      await Promise.all([httpA.close(), httpB.close()])
    }
  })

  it('keeps delivering after the listener connection is killed (reconnects and catches up)', async () => {
    const t = await createTestApp()
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const actor = { id: null, name: 'Depot' }
    const stream = await openStreamOn(t, reader.client.cookieHeader())
    await t.deps.notificationHub.listenerReady()

    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%'`.execute(t.database.db)
    // Made while the listener is down or reconnecting: found by the catch-up after LISTEN resumes.
    const id = await notify(
      t.database.db,
      { type: 'quote', action: 'created', actor, audience: { forUsers: [reader.id] } },
      t.clock.now,
    )
    const [arrived] = await stream.collect(1, 'notification', 5_000)
    expect(arrived?.id).toBe(id)
    expect(t.logs.text).toContain('notification listener lost its connection')

    const later = await notify(
      t.database.db,
      { type: 'quote', action: 'created', actor, audience: { forUsers: [reader.id] } },
      t.clock.now,
    )
    expect((await stream.collect(1, 'notification', 5_000))[0]?.id).toBe(later)
    await stream.close()
  })
})

describe.skipIf(testDialect() !== 'postgres')('a stream says ready only once its instance LISTENs', () => {
  it('gets what another instance announces right after ready: an access change (never re-queried) and a notification', async () => {
    const a = await createTestApp()
    // A fresh instance: its listener connects when this first stream opens.
    const b = await createTestApp({ sharedDatabase: a.testDb })
    const reader = await signedIn(a, { name: 'Reader Tester' })
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(a.database.db))
      .rows[0]!
    // From another database: PostgreSQL refuses this on a connection to the database itself.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const allowConnections = (allow: boolean) =>
      admin.query(`alter database "${name}" with allow_connections ${allow}`)
    // B's pool holds open connections; new ones (its listener's) are refused until the test allows them.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(b.database.db)))
    await allowConnections(false)
    let stream: Awaited<ReturnType<typeof openStreamOn>>
    try {
      const opening = openStreamOn(b, reader.client.cookieHeader())
      await waitFor(() => b.logs.text.includes('notification listener lost its connection'))
      await allowConnections(true)
      stream = await opening
    } finally {
      await allowConnections(true)
      await admin.end()
    }
    // No wait for the listener here: `ready` has to mean it.
    await announceAccessChange(a.database.db, reader.id)
    const id = await notify(
      a.database.db,
      {
        type: 'quote',
        action: 'created',
        actor: { id: null, name: 'Depot' },
        audience: { forUsers: [reader.id] },
      },
      a.clock.now,
    )
    const seen = new Map<string, SseEvent>()
    const deadline = Date.now() + 5_000
    while (seen.size < 2 && Date.now() < deadline) {
      const event = await stream.next(Math.max(1, deadline - Date.now()))
      if (!event) break
      if (event.event === 'access' || event.event === 'notification') seen.set(event.event, event)
    }
    expect(seen.get('access'), 'the access change made right after ready arrived').toBeDefined()
    expect(seen.get('notification')?.id).toBe(id)
    await stream.close()
  })
})

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the listener to fail')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function openStreamOn(t: TestApp, cookie: string) {
  const res = await t.app.request('/api/notifications/stream', {
    headers: { Accept: 'text/event-stream', Cookie: cookie },
  })
  return readyReader(res.body!)
}

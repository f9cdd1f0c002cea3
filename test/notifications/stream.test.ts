import { beforeAll, describe, expect, it } from 'vitest'
import { STREAM_TIMING } from '../../src/server/features/notifications/notifications.stream'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { committedNotificationId } from '../../src/server/features/notifications/notify.repository'
import { CookieClient } from '../support/http-client'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { call } from '../support/typed-client'
import { openStream, parseNotification, readyReader, type SseEvent } from './helpers'

// GET /api/notifications/stream: live delivery as server-sent events, resuming with Last-Event-ID
// without duplicates or gaps, and closing when the session ends.

let t: TestApp
let actor: Person
/** The SQL of every statement the app runs while `counting` is on. */
let statements: string[] = []
let counting = false

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (sql) => {
      if (counting) statements.push(sql)
    },
  })
  actor = await signedIn(t, { name: 'Caller Tester', role: 'admin' })
})

const to = (...people: Person[]): NotificationInput => ({
  type: 'quote',
  action: 'created',
  actor: { id: actor.id, name: actor.name },
  mainItem: 'Quote',
  audience: { forUsers: people.map((p) => p.id) },
})
const send = (input: NotificationInput) => notify(t.database.db, input, t.clock.now)
const ids = (events: SseEvent[]) => events.map((e) => e.id)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function streamsSettle(count: number) {
  for (let i = 0; i < 100 && t.deps.notificationHub.openStreams() !== count; i++) await sleep(20)
  expect(t.deps.notificationHub.openStreams()).toBe(count)
}

describe('the notification stream', () => {
  it('is for signed-in readers asking for text/event-stream', async () => {
    expect(
      (
        await new CookieClient(t.app).request('/api/notifications/stream', {
          headers: { Accept: 'text/event-stream' },
        })
      ).status,
    ).toBe(401)
    const res = await actor.client.json('/api/notifications/stream')
    expect(res.status).toBe(406)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
  })

  it('delivers live, and a reconnect with Last-Event-ID brings no duplicates and no gaps', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const other = await signedIn(t, { name: 'Other Tester' })
    const before = await send(to(reader)) // made before connecting: not news on a fresh stream

    const first = await openStream(reader)
    const n1 = await send(to(reader))
    await send(to(other)) // not theirs
    const n2 = await send(to(reader, other))
    const live = await first.collect(2)
    expect(ids(live)).toEqual([n1, n2])
    const item = parseNotification(live[0]!)
    expect(item).toMatchObject({ id: n1, read: false, sentence: { actor: actor.name, item: 'Quote' } })
    const unread = await first.next()
    expect(unread?.event).toBe('unread')
    expect(first.lastEventId).toBe(n2)
    await first.close()
    await streamsSettle(0)

    // Missed while away.
    const n3 = await send(to(reader))
    await send(to(other))
    const n4 = await send(to(reader))

    const second = await openStream(reader, first.lastEventId)
    const n5 = await send(to(reader))
    const resumed = await second.collect(3)
    expect(ids(resumed)).toEqual([n3, n4, n5])
    // Nothing more: no duplicate of n5, nothing from before.
    expect((await second.collect(1, 'notification', 300)).length).toBe(0)
    await second.close()

    const all = [...ids(live), ...ids(resumed)]
    expect(new Set(all).size).toBe(all.length)
    expect(all).not.toContain(before)
  })

  it('tells the unread count with what it delivers, asked in the statement that finds it', async () => {
    const reader = await signedIn(t, { name: 'Counted Reader' })
    const before = await send(to(reader)) // unread, though made before the stream opened
    const stream = await openStream(reader)
    const unreadAfter = async () => {
      const event = await stream.next()
      expect(event?.event).toBe('unread')
      return (JSON.parse(event!.data) as { unread: number }).unread
    }

    statements = []
    counting = true
    const first = await send(to(reader))
    expect(ids(await stream.collect(1))).toEqual([first])
    expect(await unreadAfter()).toBe(2)
    counting = false
    // Each pass asked what to send and the count in one statement: no count of its own.
    const passes = statements.filter((sql) => sql.includes('readable_folders'))
    expect(passes.length).toBeGreaterThan(0)
    for (const pass of passes) {
      expect(pass).toMatch(/"newest"/)
      expect(pass).toMatch(/count\(\*\)/)
    }

    // Read elsewhere, then another: the count is the inbox's as of that pass.
    await call(reader.client, 'PATCH', `/api/notifications/${before}`, { read: true })
    const second = await send(to(reader))
    expect(ids(await stream.collect(1))).toEqual([second])
    expect(await unreadAfter()).toBe(2)
    await call(reader.client, 'POST', '/api/notifications/read-all', {}, 200)
    const third = await send(to(reader))
    expect(ids(await stream.collect(1))).toEqual([third])
    expect(await unreadAfter()).toBe(1)
    await stream.close()
  })

  it('delivers concurrent and slow transactions exactly once, in order', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    // A slow transaction that notified first, and quick ones that start while it is open: ids follow
    // commit order, so a stream never passes one that commits later.
    let committing = Number.POSITIVE_INFINITY
    const recorded = t.database.db.transaction().execute(async (trx) => {
      const id = await notify(trx, to(reader), t.clock.now)
      await sleep(300)
      committing = performance.now()
      return id
    })
    await sleep(50)
    const quick = Promise.all(
      Array.from({ length: 8 }, async () => ({ id: await send(to(reader)), at: performance.now() })),
    )
    const slow = await committedNotificationId(t.database.db, await recorded)
    if (!slow) throw new Error('the slow transaction’s notification is gone')
    const made = [slow, ...(await quick).map((q) => q.id)]
    const got = await stream.collect(made.length)
    expect(new Set(ids(got))).toEqual(new Set(made))
    expect(ids(got)).toEqual([...(ids(got) as string[])].sort())
    // SQLite has one writer, so the slow transaction commits before the quick ones start theirs. On
    // PostgreSQL the quick ones commit while it is open, and it takes its place after those at its
    // commit: every one that had committed before it began committing comes before it.
    if (testDialect() === 'sqlite') expect(ids(got)[0]).toBe(slow)
    for (const q of await quick) if (q.at < committing) expect(q.id < slow, q.id).toBe(true)
    expect((await stream.collect(1, 'notification', 300)).length).toBe(0)
    await stream.close()

    // Resuming from the middle replays exactly the rest.
    const sorted = [...made].sort()
    const again = await openStream(reader, sorted[3])
    expect(ids(await again.collect(sorted.length - 4))).toEqual(sorted.slice(4))
    await again.close()
  })

  it('delivers a notification made inside a transaction once it commits, however late', async () => {
    const reader = await signedIn(t, { name: 'Late Reader' })
    const stream = await openStream(reader)
    const recorded = await t.database.db.transaction().execute(async (trx) => {
      const id = await notify(trx, to(reader), t.clock.now)
      // SQLite pokes as it records; the commit comes later. Streams that re-queried at the poke would
      // find nothing and wait for the next heartbeat (20 s).
      await sleep(300)
      return id
    })
    const made = await committedNotificationId(t.database.db, recorded)
    expect(ids(await stream.collect(1))).toEqual([made])
    await stream.close()
  })

  it('sends only what the reader may still see', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    await send({ ...to(reader), actor: { id: reader.id, name: reader.name } }) // their own
    const shown = await send(to(reader))
    expect(ids(await stream.collect(1))).toEqual([shown])
    await stream.close()
  })

  it('asks for a refetch instead of replaying too much', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    const resumeFrom = stream.lastEventId
    await stream.close()
    const saved = STREAM_TIMING.replayLimit
    STREAM_TIMING.replayLimit = 3
    try {
      for (let i = 0; i < 4; i++) await send(to(reader))
      const res = await reader.client.request('/api/notifications/stream', {
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': resumeFrom! },
      })
      const { SseReader } = await import('./helpers')
      const raw = new SseReader(res.body!)
      const reset = await raw.next()
      expect(reset?.event).toBe('reset')
      expect((await raw.collect(1, 'notification', 300)).length).toBe(0)
      await raw.close()
    } finally {
      STREAM_TIMING.replayLimit = saved
    }
  })

  it('delivers exactly once while its passes read past what others were told', async () => {
    const saved = STREAM_TIMING.heartbeatMs
    STREAM_TIMING.heartbeatMs = 40 // passes on the heartbeat, between the notifications below
    try {
      const reader = await signedIn(t, { name: 'Reader Tester' })
      const other = await signedIn(t, { name: 'Other Tester' })
      const stream = await openStream(reader)
      const mine: string[] = []
      for (let i = 0; i < 5; i++) {
        for (let j = 0; j < 4; j++) await send(to(other))
        await sleep(60)
        mine.push(await send(to(reader)))
      }
      expect(ids(await stream.collect(5))).toEqual(mine)
      expect(await stream.collect(1, 'notification', 300)).toEqual([])
      await stream.close()
    } finally {
      STREAM_TIMING.heartbeatMs = saved
    }
  })

  it('keeps each stream alive on its own beat, so streams opened together do not re-query together', async () => {
    const saved = STREAM_TIMING.heartbeatMs
    STREAM_TIMING.heartbeatMs = 1_000
    try {
      const reader = await signedIn(t, { name: 'Reader Tester' })
      // Twelve pages opened at once (a restart: every page reconnects): each stream's first keep-alive,
      // timed from its own opening.
      const firstBeats = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await reader.client.request('/api/notifications/stream', {
            headers: { Accept: 'text/event-stream' },
          })
          const opened = performance.now()
          const body = res.body!.getReader()
          const decoder = new TextDecoder()
          let text = ''
          while (!text.includes(': keep-alive')) {
            const { value, done } = await body.read()
            if (done) throw new Error('the stream ended before its heartbeat')
            text += decoder.decode(value, { stream: true })
          }
          const beat = performance.now() - opened
          await body.cancel()
          return beat
        }),
      )
      firstBeats.sort((a, b) => a - b)
      // Each within the interval (slack for a loaded machine's timers), none early, and spread over
      // half of it: in step they would all come at the full interval.
      expect(firstBeats[0]).toBeGreaterThanOrEqual(350)
      expect(firstBeats.at(-1)).toBeLessThan(1_500)
      expect(firstBeats.at(-1)! - firstBeats[0]!).toBeGreaterThan(150)
      expect(firstBeats[6]).toBeLessThan(950)
      await streamsSettle(0)
    } finally {
      STREAM_TIMING.heartbeatMs = saved
    }
  })

  it('ends when the reader signs out', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    const csrfToken = await reader.client.csrfToken()
    const out = await reader.client.postForm('/api/auth/signout', { csrfToken, callbackUrl: '/' })
    expect(out.status).toBeLessThan(400)
    // The sign-out wakes the stream at once (not the next heartbeat), which finds the session gone.
    expect((await stream.next())?.event).toBe('access')
    expect((await stream.next())?.event).toBe('end')
    expect(await stream.ended()).toBe(true)
    await streamsSettle(0)
  })

  it('stays open for a personal access token, and ends when the token is revoked', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const created = (await call(
      reader.client,
      'POST',
      '/api/me/access-tokens',
      { name: 'stream script', scope: 'read-only', expiresInDays: 7 },
      201,
    )) as { token: string; id: string }
    const res = await t.app.request('/api/notifications/stream', {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${created.token}` },
    })
    expect(res.status).toBe(200)
    const stream = await readyReader(res.body!)
    await send(to(reader))
    expect((await stream.collect(1)).length).toBe(1)
    await call(reader.client, 'DELETE', `/api/me/access-tokens/${created.id}`, undefined, 204)
    expect((await stream.collect(1, 'end')).length).toBe(1)
    expect(await stream.ended()).toBe(true)
  })

  it('ends when the reader is restricted', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const stream = await openStream(reader)
    await call(actor.client, 'PATCH', `/api/admin/users/${reader.id}`, { isRestricted: true }, 200)
    // Its page hears its access changed, then the stream ends: no notification needed to wake it.
    expect((await stream.next())?.event).toBe('access')
    expect((await stream.next())?.event).toBe('end')
    expect(await stream.ended()).toBe(true)
  })

  it('tells only the reader whose share was revoked that their access changed, with no notification', async () => {
    const reader = await signedIn(t, { name: 'Reader Tester' })
    const other = await signedIn(t, { name: 'Other Tester' })
    const created = await call(
      actor.client,
      'POST',
      '/api/folders',
      { folder_name: `Revoked ${Date.now()}` },
      201,
    )
    const folder = created as { id: string }
    await call(
      actor.client,
      'POST',
      `/api/folders/${folder.id}/shares`,
      {
        email: reader.email,
        permissionType: 'viewer',
      },
      200,
    )

    const readerStream = await openStream(reader)
    const otherStream = await openStream(other)
    // PostgreSQL: the event travels through LISTEN/NOTIFY, as from another instance.
    await t.deps.notificationHub.listenerReady()
    await call(actor.client, 'DELETE', `/api/folders/${folder.id}/permissions/${reader.id}`, undefined, 200)

    const [access] = await readerStream.collect(1, 'access')
    expect(access, 'the reader heard of the revoke').toBeDefined()
    expect(JSON.parse(access!.data)).toEqual({})
    expect(access!.id).toBeUndefined()
    expect(await otherStream.collect(1, 'access', 500)).toEqual([])
    await readerStream.close()
    await otherStream.close()
  })
})

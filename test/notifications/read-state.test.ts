import { beforeAll, describe, expect, it } from 'vitest'
import { type NotificationInput, notify } from '../../src/server/features/notifications/notify'
import { newId } from '../../src/server/lib/ids'
import type { Notification } from '../../src/shared/contract/notifications'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inbox, inboxIds, unreadCount } from './helpers'

// Read state is per person and kept off the shared row: read, unread, mark all read, dismiss; the
// list's filters and paging; ETag revalidation for polling.

let t: TestApp
let actor: Person

beforeAll(async () => {
  t = await createTestApp()
  actor = await signedIn(t, { name: 'Caller Tester', role: 'admin' })
})

function quoteFor(...people: Person[]): NotificationInput {
  return {
    type: 'quote',
    action: 'created',
    actor: { id: actor.id, name: actor.name },
    mainItem: 'Brand refresh',
    audience: { forUsers: people.map((p) => p.id) },
  }
}
const send = (input: NotificationInput) => notify(t.database.db, input, t.clock.now)
const readOf = async (p: Person, id: string) => (await inbox(p)).items.find((n) => n.id === id)?.read

describe('read state', () => {
  it('read by A stays unread for B, and back to unread on request', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const b = await signedIn(t, { name: 'Ben Tester' })
    const id = await send(quoteFor(a, b))
    expect(await unreadCount(a)).toBe(1)

    const res = await call(a.client, 'PATCH', `/api/notifications/${id}`, { read: true }, 200)
    expect((res as Notification).read).toBe(true)
    expect(await readOf(a, id)).toBe(true)
    expect(await unreadCount(a)).toBe(0)
    expect(await readOf(b, id)).toBe(false)
    expect(await unreadCount(b)).toBe(1)

    await call(a.client, 'PATCH', `/api/notifications/${id}`, { read: false })
    expect(await readOf(a, id)).toBe(false)
    // The shared row is untouched.
    const row = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    expect(row?.updatedAt).toBe(row?.createdAt)
  })

  it('dismiss hides it from that person only', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const b = await signedIn(t, { name: 'Ben Tester' })
    const id = await send(quoteFor(a, b))
    await call(a.client, 'DELETE', `/api/notifications/${id}`, undefined, 204)
    expect(await inboxIds(a)).not.toContain(id)
    expect(await unreadCount(a)).toBe(0)
    expect(await inboxIds(b)).toContain(id)
    // Gone for them: acting on it again is "not found".
    await call(a.client, 'PATCH', `/api/notifications/${id}`, { read: true }, 404)
  })

  it('mark all read leaves later notifications unread and is idempotent', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const first = await send(quoteFor(a))
    const second = await send(quoteFor(a))
    // Marked unread on purpose before "mark all read": it becomes read too.
    await call(a.client, 'PATCH', `/api/notifications/${first}`, { read: false })
    expect(await unreadCount(a)).toBe(2)

    const all = await call(a.client, 'POST', '/api/notifications/read-all', {}, 200)
    expect(all).toEqual({ unread: 0 })
    expect(await readOf(a, first)).toBe(true)
    expect(await readOf(a, second)).toBe(true)

    const later = await send(quoteFor(a))
    expect(await unreadCount(a)).toBe(1)
    expect(await readOf(a, later)).toBe(false)

    // Repeating it with what the page had seen (up to `second`) changes nothing.
    for (let i = 0; i < 2; i++) {
      const again = await call(a.client, 'POST', '/api/notifications/read-all', { upTo: second })
      expect(again).toEqual({ unread: 1 })
    }
    expect(await readOf(a, later)).toBe(false)
    // An id from the future cannot pre-read what is not made yet.
    await call(a.client, 'POST', '/api/notifications/read-all', {
      upTo: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
    })
    const future = await send(quoteFor(a))
    expect(await readOf(a, future)).toBe(false)
    // A read mark never moves back.
    await call(a.client, 'POST', '/api/notifications/read-all', { upTo: first })
    expect(await readOf(a, later)).toBe(true)
  })

  it('counts as unread what came after "mark all read" and what was marked unread again before it', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const before = [await send(quoteFor(a)), await send(quoteFor(a)), await send(quoteFor(a))]
    await call(a.client, 'POST', '/api/notifications/read-all', {}, 200)
    const after = [await send(quoteFor(a)), await send(quoteFor(a))]
    expect(await unreadCount(a)).toBe(2)

    // Below the watermark: marked unread again, once each however often it is asked.
    await call(a.client, 'PATCH', `/api/notifications/${before[0]}`, { read: false })
    await call(a.client, 'PATCH', `/api/notifications/${before[0]}`, { read: false })
    await call(a.client, 'PATCH', `/api/notifications/${before[2]}`, { read: false })
    expect(await unreadCount(a)).toBe(4)
    // Above it: read one by one.
    await call(a.client, 'PATCH', `/api/notifications/${after[1]}`, { read: true })
    expect(await unreadCount(a)).toBe(3)
    // Dismissed, on either side: gone from the count.
    await call(a.client, 'DELETE', `/api/notifications/${before[2]}`, undefined, 204)
    await call(a.client, 'DELETE', `/api/notifications/${after[0]}`, undefined, 204)
    expect(await unreadCount(a)).toBe(1)
    expect((await inbox(a)).items.filter((n) => !n.read).map((n) => n.id)).toEqual([before[0]])
  })

  it('answers not found for what the reader cannot see, and 422 for bad input', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const b = await signedIn(t, { name: 'Ben Tester' })
    const forB = await send(quoteFor(b))
    await call(a.client, 'PATCH', `/api/notifications/${forB}`, { read: true }, 404)
    await call(a.client, 'DELETE', `/api/notifications/${forB}`, undefined, 404)
    await call(a.client, 'PATCH', `/api/notifications/${newId()}`, { read: true }, 404)
    await call(a.client, 'PATCH', '/api/notifications/not-an-id', { read: true }, 404)
    await call(a.client, 'PATCH', `/api/notifications/${forB}`, { read: 'yes' }, 422)
    await call(a.client, 'GET', '/api/notifications?read=maybe&limit=0&type=nope&cursor=x', undefined, 422)
    await call(a.client, 'POST', '/api/notifications/read-all', { upTo: 'x' }, 422)
    expect(await readOf(b, forB)).toBe(false)
  })
})

describe('the list', () => {
  it('filters by type and read state and pages newest first with a cursor', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await send(quoteFor(a)))
    const feedback = await send({ ...quoteFor(a), type: 'feedback' })
    await call(a.client, 'PATCH', `/api/notifications/${ids[0]}`, { read: true })

    expect(await inboxIds(a, 'type=feedback')).toEqual([feedback])
    expect(await inboxIds(a, 'read=read')).toEqual([ids[0]])
    expect(await inboxIds(a, 'read=unread&type=quote')).toEqual([...ids.slice(1)].reverse())

    const seen: string[] = []
    let cursor = ''
    for (let page = 0; page < 5; page++) {
      const list = await inbox(a, `type=quote&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...list.items.map((n) => n.id))
      expect(list.unread).toBe(5) // 4 quotes + the feedback, whatever the filter
      if (!list.nextCursor) break
      cursor = list.nextCursor
    }
    expect(seen).toEqual([...ids].reverse())
  })

  it('presents each entry as sentence parts and a link', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    const id = await send(quoteFor(a))
    const item = (await inbox(a)).items.find((n) => n.id === id)
    expect(item).toMatchObject({
      type: 'quote',
      action: 'created',
      user_name: actor.name,
      read: false,
      itemCount: 1,
      sentence: { actor: actor.name, type: 'quote', action: 'created', item: 'Brand refresh', count: 1 },
      link: '/staff/quotes',
    })
    expect(item).not.toHaveProperty('for_users')
  })
})

describe('polling', () => {
  it('answers 304 while nothing changed, and a new body when something did', async () => {
    const a = await signedIn(t, { name: 'Ann Tester' })
    for (const path of ['/api/notifications/unread-count', '/api/notifications?limit=5']) {
      const first = await a.client.json(path)
      const etag = first.headers.get('etag')
      expect(first.status).toBe(200)
      expect(etag).toMatch(/^W\/".+"$/)
      expect(first.headers.get('cache-control')).toBe('private, no-cache')
      const same = await a.client.request(path, { headers: { 'If-None-Match': etag! } })
      expect(same.status).toBe(304)
      expect(await same.text()).toBe('')

      await send(quoteFor(a))
      const changed = await a.client.request(path, { headers: { 'If-None-Match': etag! } })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
    }
  })
})

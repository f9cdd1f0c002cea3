import type { NotificationInput } from '../../src/server/features/notifications/notify'
import type { Notification, NotificationList } from '../../src/shared/contract/notifications'
import { insertFile, insertFolder } from '../support/factories'
import { grant, insertUser, type Person } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Helpers for the notification suites: signed-in people of every kind, their inbox over HTTP, and a
// reader for server-sent event streams (the wire format, parsed as a browser's EventSource does).

export async function inbox(person: Person, query = 'limit=100'): Promise<NotificationList> {
  const res = await person.client.json(`/api/notifications?${query}`)
  if (res.status !== 200) throw new Error(`GET /api/notifications → ${res.status}: ${await res.text()}`)
  return (await res.json()) as NotificationList
}

export async function inboxIds(person: Person, query?: string): Promise<string[]> {
  return (await inbox(person, query)).items.map((n) => n.id)
}

export async function unreadCount(person: Person): Promise<number> {
  const res = await call(person.client, 'GET', '/api/notifications/unread-count')
  return (res as { unread: number }).unread
}

export interface SseEvent {
  id: string | undefined
  event: string
  data: string
}

/** Reads a text/event-stream body event by event, with timeouts, without losing a pending read. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private readonly decoder = new TextDecoder()
  private buffer = ''
  private readonly queue: SseEvent[] = []
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null
  private done = false
  /** The last event id seen, as EventSource keeps it for Last-Event-ID. */
  lastEventId: string | undefined

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader()
  }

  /** The next event, or null on timeout or when the stream ends. */
  async next(timeoutMs = 5_000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs
    while (this.queue.length === 0) {
      if (this.done) return null
      const remaining = deadline - Date.now()
      if (remaining <= 0) return null
      this.pending ??= this.reader.read()
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), remaining)
      })
      const result = await Promise.race([this.pending, timeout])
      clearTimeout(timer)
      if (result === 'timeout') return null
      this.pending = null
      if (result.done) {
        this.done = true
        this.feed('\n\n')
      } else {
        this.feed(this.decoder.decode(result.value, { stream: true }))
      }
    }
    return this.queue.shift() ?? null
  }

  /** Events until `count` of the named kind have come, or the timeout. */
  async collect(count: number, name = 'notification', timeoutMs = 5_000): Promise<SseEvent[]> {
    const got: SseEvent[] = []
    const deadline = Date.now() + timeoutMs
    while (got.length < count) {
      const event = await this.next(Math.max(1, deadline - Date.now()))
      if (!event) break
      if (event.event === name) got.push(event)
    }
    return got
  }

  /** Whether the server ended the stream (reads to the end, up to the timeout). */
  async ended(timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (!this.done && Date.now() < deadline) await this.next(Math.max(1, deadline - Date.now()))
    return this.done
  }

  /** Puts events back at the front, in order. */
  unshift(events: SseEvent[]): void {
    this.queue.unshift(...events)
  }

  async close(): Promise<void> {
    this.done = true
    await this.reader.cancel().catch(() => {})
  }

  private feed(text: string) {
    this.buffer += text.replace(/\r\n?/g, '\n')
    for (;;) {
      const end = this.buffer.indexOf('\n\n')
      if (end < 0) return
      const block = this.buffer.slice(0, end)
      this.buffer = this.buffer.slice(end + 2)
      let id: string | undefined
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'id') id = value
        else if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      if (id !== undefined) this.lastEventId = id
      if (data.length > 0) this.queue.push({ id, event, data: data.join('\n') })
    }
  }
}

/** Opens the stream as an EventSource does, through the app (or any fetch-like client). */
export async function openStream(person: Person, lastEventId?: string): Promise<SseReader> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' }
  if (lastEventId) headers['Last-Event-ID'] = lastEventId
  const res = await person.client.request('/api/notifications/stream', { headers })
  if (res.status !== 200 || !res.body) throw new Error(`stream → ${res.status}: ${await res.text()}`)
  return readyReader(res.body)
}

/** A reader past the stream's `ready` event (any replay before it is kept for the test to read). */
export async function readyReader(body: ReadableStream<Uint8Array>): Promise<SseReader> {
  const reader = new SseReader(body)
  const replayed: SseEvent[] = []
  for (;;) {
    const event = await reader.next()
    if (!event) throw new Error('the stream never said ready')
    if (event.event === 'ready') break
    replayed.push(event)
  }
  reader.unshift(replayed)
  return reader
}

export function parseNotification(event: SseEvent): Notification {
  return JSON.parse(event.data) as Notification
}

/**
 * Folders whose news reaches different people: a locked Board (`member`), its public subfolder
 * Minutes with a file, a locked Secret inside (`subMember` only), and a locked Other (`elsewhere`).
 */
export async function boardWithMembers(t: TestApp) {
  const db = t.database.db
  const member = await insertUser(db)
  const subMember = await insertUser(db)
  const elsewhere = await insertUser(db)
  const board = await insertFolder(db, { type: 'locked', folder_name: 'Board' })
  const minutes = await insertFolder(db, { type: 'public', folder_name: 'Minutes', parent_id: board.id })
  const secret = await insertFolder(db, { type: 'locked', folder_name: 'Secret', parent_id: minutes.id })
  const file = await insertFile(db, minutes.id, { filename: 'march.pdf' })
  const other = await insertFolder(db, { type: 'locked', folder_name: 'Other' })
  await grant(t, board.id, member.id, 'viewer')
  await grant(t, secret.id, subMember.id, 'viewer')
  await grant(t, other.id, elsewhere.id, 'viewer')
  return { member, subMember, elsewhere, board, minutes, secret, file }
}

/** A broadcast by `actor` that a folder was made in `folderId`: its members may see it. */
export function folderNews(actor: Person, folderId: string): NotificationInput {
  return {
    type: 'folder',
    action: 'created',
    actor: { id: actor.id, name: actor.name },
    mainItem: 'Minutes',
    audience: { forAll: true },
    refs: { folder_id: folderId },
  }
}

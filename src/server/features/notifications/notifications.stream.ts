import type { Context } from 'hono'
import type { Logger } from 'pino'
import { NOTIFICATION_STREAM_EVENTS, notificationIdSchema } from '../../../shared/contract/notifications'
import type { AppDeps, AppEnv } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { HttpProblem } from '../../lib/http/problem'
import { isSessionLive } from '../../policies/session.policy'
import * as streamRepo from './notification-stream.repository'
import { presentNotification } from './notifications.presenter'
import * as repo from './notifications.repository'
import { recipientById } from './notifications.service'
import { countUnread } from './unread-count.repository'

// GET /api/notifications/stream: server-sent events for one reader (docs/decisions/0022).
//
// The stream keeps a cursor: the id of the last notification it sent (the event id, so a browser
// reconnecting sends it back as Last-Event-ID). Whenever it wakes (a poke from notify() through the
// hub, or a heartbeat) it asks the database for what this reader may see after the cursor, oldest
// first, and sends it. Ids grow in commit order (notify.ts), so nothing is sent twice or skipped, on
// a reconnect or across instances. The hub wakes a stream only for notifications its reader could see,
// for a change to its reader's access (a sign-out, a revoked token, a restriction, a new role), and on
// the heartbeat. The stream keeps its reader (role, functions, settings) and their session's state as
// last read, without touching the session (an open tab must not keep an idle session alive), and
// reads them again on every heartbeat and whenever the reader's access changes (a sign-out, a
// restriction, a new role or function, new notification settings: each is announced), so a sign-out
// or a restriction closes the stream at once and a lost permission stops what it hides. Every wake
// checks the session's end by time against the clock; when it has passed, the session is read again
// (another request may have kept it alive) before the stream ends.

export interface StreamTiming {
  /** At most this long between two comment lines (proxies close idle connections) and two re-queries. */
  heartbeatMs: number
  /** On resume, more missed notifications than this: send `reset` (refetch) instead of replaying. */
  replayLimit: number
  batchSize: number
}

export const STREAM_TIMING: StreamTiming = { heartbeatMs: 20_000, replayLimit: 500, batchSize: 100 }
/** Below every notification id: the position of a stream opened on an empty inbox. */
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000'
/** What the browser waits before reconnecting after the connection drops. */
const RETRY_MS = 3_000

export function openNotificationStream(c: Context<AppEnv>, timing: StreamTiming = STREAM_TIMING): Response {
  const accept = c.req.header('accept') ?? ''
  if (!accept.includes('text/event-stream')) {
    throw new HttpProblem(
      406,
      'not_acceptable',
      'This is a server-sent event stream: open it with EventSource (Accept: text/event-stream).',
    )
  }
  const session = c.var.session
  if (!session) throw new HttpProblem(401, 'unauthenticated', 'Sign in to continue.')
  // Last-Event-ID from a reconnecting browser; `lastEventId` in the query for a first connection that
  // resumes from what the page already shows. Anything malformed is ignored: start from now.
  const resumeRaw = c.req.header('last-event-id') ?? c.req.query('lastEventId')
  const resume = notificationIdSchema.safeParse(resumeRaw)
  const cursor = resume.success ? resume.data : null

  const stream: ReaderStream = {
    reader: null,
    readerStale: true,
    deps: c.var.deps,
    logger: c.var.logger,
    caller: c.var.caller,
    sessionId: session.id,
    via: session.via,
    readerId: session.user.id,
    timing,
    cursor,
    scannedTo: null,
    resuming: cursor !== null,
    closed: false,
    running: false,
    again: false,
    heartbeat: null,
    unregister: null,
    controller: null,
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      startStream(stream, controller)
    },
    cancel() {
      finish(stream)
    },
  })

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}

/** The stream's session or token, as last read: enough to tell when it ends by time. */
type SessionState =
  | { kind: 'cookie'; expires: string; lastSeenAt: string | null; createdAt: string }
  | {
      kind: 'token'
      expiresAt: string
    }

/** Who reads the stream, as last read from the database. */
interface Reader {
  recipient: repo.Recipient
  session: SessionState
}

/** One reader's open stream: who reads it, where it stands, and the connection it writes to. */
interface ReaderStream {
  /** The reader as last read; null before the first pass. */
  reader: Reader | null
  /** Read the reader again before the next pass (a heartbeat, or their access changed). */
  readerStale: boolean
  readonly deps: AppDeps
  readonly logger: Logger
  readonly caller: Caller
  /** The session's id, or the access token's when the stream was opened with one (`via`). */
  readonly sessionId: string
  readonly via: 'cookie' | 'token'
  readonly readerId: string
  readonly timing: StreamTiming
  /** The id of the last notification sent; null until the first pass places the stream at "now". */
  cursor: string | null
  /**
   * The newest id a pass has already looked at for this reader (at or past the cursor): the next pass
   * reads after it, so a reader who sees few of the notifications does not read the others again and
   * again as they pile up.
   */
  scannedTo: string | null
  /** Until the first pass: replay what was missed after the cursor the browser sent. */
  resuming: boolean
  closed: boolean
  /** A pass is under way; `again` asks it for one more. */
  running: boolean
  again: boolean
  heartbeat: NodeJS.Timeout | null
  unregister: (() => void) | null
  controller: ReadableStreamDefaultController<Uint8Array> | null
}

const encoder = new TextEncoder()

/** The stream's first step: the retry delay, joining the hub, the heartbeat, and a first pass. */
function startStream(stream: ReaderStream, controller: ReadableStreamDefaultController<Uint8Array>): void {
  stream.controller = controller
  write(stream, `retry: ${RETRY_MS}\n\n`)
  stream.unregister = stream.deps.notificationHub.register(stream.deps, {
    readerId: stream.readerId,
    wake: () => wake(stream),
    close: () => finish(stream),
    // No content: the page refetches what its reader may open (a revoked share disappears). The
    // stream re-checks its reader at once: a session or token ended, or a restriction, closes it.
    accessChanged: (userId) => {
      if (userId !== stream.readerId) return
      event(stream, NOTIFICATION_STREAM_EVENTS.access, {})
      stream.readerStale = true
      wake(stream)
    },
  })
  if (stream.closed) return // the server is shutting down: the browser reconnects to another instance
  scheduleHeartbeat(stream)
  wake(stream)
}

/**
 * The next heartbeat, after a random 50–100 % of `heartbeatMs`: never later than the keep-alive is due,
 * and out of step with other streams. Streams opened together (every page reconnecting after a
 * restart) would otherwise re-query together every interval, enough to take every pooled connection
 * at once and hold up every other request meanwhile (docs/decisions/0166).
 */
function scheduleHeartbeat(stream: ReaderStream): void {
  const delay = stream.timing.heartbeatMs * (0.5 + Math.random() / 2)
  stream.heartbeat = setTimeout(() => {
    if (stream.closed) return
    write(stream, ': keep-alive\n\n')
    stream.readerStale = true
    wake(stream)
    scheduleHeartbeat(stream)
  }, delay)
  stream.heartbeat.unref()
}

function write(stream: ReaderStream, text: string): void {
  if (stream.closed || !stream.controller) return
  try {
    stream.controller.enqueue(encoder.encode(text))
  } catch {
    finish(stream)
  }
}

function event(stream: ReaderStream, name: string, data: unknown, id?: string): void {
  write(stream, `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
}

function finish(stream: ReaderStream): void {
  if (stream.closed) return
  stream.closed = true
  if (stream.heartbeat) clearTimeout(stream.heartbeat)
  stream.unregister?.()
  try {
    stream.controller?.close()
  } catch {
    // Already closed by the client.
  }
}

function endSession(stream: ReaderStream): void {
  event(stream, NOTIFICATION_STREAM_EVENTS.end, { reason: 'session_ended' })
  finish(stream)
}

// One query at a time per stream; pokes arriving meanwhile fold into one more pass.
function wake(stream: ReaderStream): void {
  if (stream.closed) return
  if (stream.running) {
    stream.again = true
    return
  }
  stream.running = true
  void (async () => {
    try {
      do {
        stream.again = false
        await catchUp(stream)
      } while (stream.again && !stream.closed)
    } catch (error) {
      if (error instanceof HttpProblem && error.status === 401) {
        endSession(stream)
      } else if (!stream.closed) {
        // A database hiccup: keep the stream; the next wake tries again from the same cursor.
        stream.logger.warn({ err: error }, 'notification stream could not catch up')
      }
    } finally {
      stream.running = false
    }
  })()
}

/** One pass: checks the session, then sends what the reader may see after the cursor. */
async function catchUp(stream: ReaderStream): Promise<void> {
  const { deps, timing } = stream
  const now = deps.clock()
  const reader = await liveReader(stream, now)
  if (!reader) {
    endSession(stream)
    return
  }
  const { recipient } = reader
  const db = deps.database.streamReads
  if (stream.cursor === null) {
    // A fresh connection starts from now, once this instance LISTENs: from `ready` on, every
    // notification wakes the stream. `ready` carries the position as its event id, so a browser that
    // drops before any notification arrives still resumes from here, not from "now".
    await deps.notificationHub.listenerReady()
    if (stream.closed) return
    stream.cursor = (await repo.latestId(db)) ?? BEFORE_ALL
    event(stream, NOTIFICATION_STREAM_EVENTS.ready, { position: stream.cursor }, stream.cursor)
    return
  }
  let sent = 0
  /** What the reader has not read, as the latest statement found it. */
  let unread = 0
  if (stream.resuming) {
    // The replay ends with `ready` too: only once this instance LISTENs, as for a fresh connection.
    await deps.notificationHub.listenerReady()
    if (stream.closed) return
    stream.resuming = false
    const missed = await streamRepo.listVisibleAfter(
      db,
      recipient,
      now,
      stream.cursor,
      timing.replayLimit + 1,
    )
    if (missed.length > timing.replayLimit) {
      stream.cursor = (await repo.latestId(db)) ?? stream.cursor
      event(stream, NOTIFICATION_STREAM_EVENTS.reset, { position: stream.cursor }, stream.cursor)
      event(stream, NOTIFICATION_STREAM_EVENTS.unread, { unread: await countUnread(db, recipient, now) })
      return
    }
    if (!sendNotifications(stream, missed, recipient)) return
    sent += missed.length
    event(stream, NOTIFICATION_STREAM_EVENTS.ready, { position: stream.cursor }, stream.cursor)
  }
  for (;;) {
    // With the newest id of all and the unread count, read in the same statement: once the list
    // comes back short, nothing this reader may see is left at or below the newest id.
    const after = laterId(stream.cursor, stream.scannedTo)
    const found = await streamRepo.newestAndVisibleAfter(db, recipient, now, after, timing.batchSize)
    if (!sendNotifications(stream, found.rows, recipient)) return
    sent += found.rows.length
    unread = found.unread
    if (found.rows.length < timing.batchSize) {
      stream.scannedTo = laterId(stream.cursor, found.newest)
      break
    }
  }
  if (sent > 0) event(stream, NOTIFICATION_STREAM_EVENTS.unread, { unread })
}

/** The later of two notification ids (ids sort in time order), either of which may be missing. */
function laterId(a: string, b: string | null): string {
  return b !== null && b > a ? b : a
}

/** Sends the rows in order, each becoming the cursor; false when the stream closed on the way. */
function sendNotifications(
  stream: ReaderStream,
  rows: repo.NotificationRow[],
  recipient: repo.Recipient,
): boolean {
  for (const row of rows) {
    if (stream.closed) return false
    event(stream, NOTIFICATION_STREAM_EVENTS.notification, presentNotification(row, recipient), row.id)
    stream.cursor = row.id
  }
  return true
}

/**
 * The reader, when their session (or, for a stream opened with a personal access token, the token)
 * is still live at `now`; null when it has ended. Read from the database when marked stale, and when
 * the state last read says the session has ended by time: other requests may have kept it alive since.
 */
async function liveReader(stream: ReaderStream, now: Date): Promise<Reader | null> {
  if (!stream.readerStale && stream.reader && liveAt(stream.reader.session, now)) return stream.reader
  // Cleared before reading: an access change announced meanwhile marks it stale again.
  stream.readerStale = false
  stream.reader = await readReader(stream)
  return stream.reader && liveAt(stream.reader.session, now) ? stream.reader : null
}

function liveAt(session: SessionState, now: Date): boolean {
  if (session.kind === 'token') return Date.parse(session.expiresAt) > now.getTime()
  return isSessionLive(session, now)
}

/**
 * The session or token as it is now, read without touching it; null when it is gone or its user is
 * restricted (the checks every request passes). Then the reader, with role and functions as they are now.
 */
async function readReader(stream: ReaderStream): Promise<Reader | null> {
  const db = stream.deps.database.streamReads
  let session: SessionState
  if (stream.via === 'token') {
    const token = await streamRepo.findAccessTokenState(db, stream.sessionId)
    if (!token || token.isRestricted) return null
    session = { kind: 'token', expiresAt: token.expiresAt }
  } else {
    const row = await streamRepo.findSessionState(db, stream.sessionId)
    if (!row || row.isRestricted) return null
    session = { kind: 'cookie', expires: row.expires, lastSeenAt: row.lastSeenAt, createdAt: row.createdAt }
  }
  if (stream.caller.kind !== 'user') return null
  const recipient = await recipientById(db, stream.caller.id)
  return recipient && { session, recipient }
}

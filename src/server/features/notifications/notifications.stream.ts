import type { Context } from 'hono'
import { NOTIFICATION_STREAM_EVENTS, notificationIdSchema } from '../../../shared/contract/notifications'
import type { AppEnv } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { isSessionLive } from '../accounts/session-policy'
import { registerStream } from './notification-hub'
import { presentNotification } from './notifications.presenter'
import * as repo from './notifications.repository'
import { loadRecipient } from './notifications.service'

// GET /api/notifications/stream: server-sent events for one reader (docs/decisions/0022).
//
// The stream keeps a cursor: the id of the last notification it sent (the event id, so a browser
// reconnecting sends it back as Last-Event-ID). Whenever it wakes (a poke from notify() through the
// hub, or a heartbeat) it asks the database for what this reader may see after the cursor, oldest
// first, and sends it. Ids grow in commit order (notify.ts), so nothing is sent twice or skipped, on
// a reconnect or across instances. Every wake re-checks the session without touching it (an open tab
// must not keep an idle session alive) and reloads the reader's role, so a sign-out, a restriction or
// an expiry closes the stream, and a lost permission stops what it hides.

export interface StreamTiming {
  /** A comment line to keep proxies from closing the connection, and a re-query. */
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
  const deps = c.var.deps
  const session = c.var.session
  const logger = c.var.logger
  if (!session) throw new HttpProblem(401, 'unauthenticated', 'Sign in to continue.')
  // Last-Event-ID from a reconnecting browser; `lastEventId` in the query for a first connection that
  // resumes from what the page already shows. Anything malformed is ignored: start from now.
  const resumeRaw = c.req.header('last-event-id') ?? c.req.query('lastEventId')
  const resume = notificationIdSchema.safeParse(resumeRaw)
  const encoder = new TextEncoder()

  let cursor: string | null = resume.success ? resume.data : null
  let resuming = cursor !== null
  let closed = false
  let running = false
  let again = false
  let heartbeat: NodeJS.Timeout | null = null
  let unregister: (() => void) | null = null
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null

  const write = (text: string) => {
    if (closed || !controller) return
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      finish()
    }
  }
  const event = (name: string, data: unknown, id?: string) =>
    write(`${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)

  const finish = () => {
    if (closed) return
    closed = true
    if (heartbeat) clearInterval(heartbeat)
    unregister?.()
    try {
      controller?.close()
    } catch {
      // Already closed by the client.
    }
  }

  const sessionLive = async (): Promise<boolean> => {
    const row = await repo.findSessionState(deps.database.db, session.id)
    return row !== undefined && !row.isRestricted && isSessionLive(row, deps.clock())
  }

  const catchUp = async () => {
    if (!(await sessionLive())) {
      event(NOTIFICATION_STREAM_EVENTS.end, { reason: 'session_ended' })
      finish()
      return
    }
    const recipient = await loadRecipient(deps, c.var.caller)
    const db = deps.database.db
    const now = deps.clock()
    if (cursor === null) {
      // A fresh connection starts from now. `ready` carries the position as its event id, so a
      // browser that drops before any notification arrives still resumes from here, not from "now".
      cursor = (await repo.latestId(db)) ?? BEFORE_ALL
      event(NOTIFICATION_STREAM_EVENTS.ready, { position: cursor }, cursor)
      return
    }
    let sent = 0
    if (resuming) {
      resuming = false
      const missed = await repo.listVisibleAfter(db, recipient, now, cursor, timing.replayLimit + 1)
      if (missed.length > timing.replayLimit) {
        cursor = (await repo.latestId(db)) ?? cursor
        event(NOTIFICATION_STREAM_EVENTS.reset, { position: cursor }, cursor)
        event(NOTIFICATION_STREAM_EVENTS.unread, { unread: await repo.countUnread(db, recipient, now) })
        return
      }
      for (const row of missed) {
        if (closed) return
        event(NOTIFICATION_STREAM_EVENTS.notification, presentNotification(row, recipient), row.id)
        cursor = row.id
        sent += 1
      }
      event(NOTIFICATION_STREAM_EVENTS.ready, { position: cursor }, cursor)
    }
    for (;;) {
      const rows = await repo.listVisibleAfter(db, recipient, now, cursor, timing.batchSize)
      for (const row of rows) {
        if (closed) return
        event(NOTIFICATION_STREAM_EVENTS.notification, presentNotification(row, recipient), row.id)
        cursor = row.id
        sent += 1
      }
      if (rows.length < timing.batchSize) break
    }
    if (sent > 0)
      event(NOTIFICATION_STREAM_EVENTS.unread, { unread: await repo.countUnread(db, recipient, now) })
  }

  // One query at a time per stream; pokes arriving meanwhile fold into one more pass.
  const wake = () => {
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = true
    void (async () => {
      try {
        do {
          again = false
          await catchUp()
        } while (again && !closed)
      } catch (error) {
        if (error instanceof HttpProblem && error.status === 401) {
          event(NOTIFICATION_STREAM_EVENTS.end, { reason: 'session_ended' })
          finish()
        } else if (!closed) {
          // A database hiccup: keep the stream; the next wake tries again from the same cursor.
          logger.warn({ err: error }, 'notification stream could not catch up')
        }
      } finally {
        running = false
      }
    })()
  }

  const body = new ReadableStream<Uint8Array>({
    start(ctrl) {
      controller = ctrl
      write(`retry: ${RETRY_MS}\n\n`)
      const readerId = session.user.id
      unregister = registerStream(deps, {
        wake,
        close: finish,
        // No content: the page refetches what its reader may open (a revoked share disappears).
        accessChanged: (userId) => {
          if (userId === readerId) event(NOTIFICATION_STREAM_EVENTS.access, {})
        },
      })
      if (closed) return // the server is shutting down: the browser reconnects to another instance
      heartbeat = setInterval(() => {
        write(': keep-alive\n\n')
        wake()
      }, timing.heartbeatMs)
      heartbeat.unref()
      wake()
    },
    cancel() {
      finish()
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

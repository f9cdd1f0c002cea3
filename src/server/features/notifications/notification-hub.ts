import type pg from 'pg'
import type { Logger } from 'pino'
import type { Database, DatabaseConfig } from '../../db/connection'
import { loadPg } from '../../db/pg-driver'
import { audienceFrom, mayConcern, type NotificationAudience } from './notification-audience'
import { notificationAudience } from './notification-audience.repository'
import { ACCESS_CHANNEL, NOTIFY_CHANNEL, onLocalAccessChange, onLocalPoke } from './notification-bus'
import { type Poke, readPoke } from './notification-poke'

// Per app instance (AppDeps.notificationHub, made by createNotificationHub): who wakes the open
// notification streams.
//  - PostgreSQL: one dedicated pg client LISTENing on NOTIFY_CHANNEL, shared by every stream of this
//    instance. It connects when the first stream opens and disconnects when the last one closes, so
//    nothing needs starting or stopping with the app. If the connection drops it reconnects with
//    back-off and, once listening again, wakes every stream: they re-query and catch up on whatever
//    was notified meanwhile. A stream says `ready` only while the listener LISTENs
//    (listenerReady), so nothing announced after `ready` passes it by, not even an access
//    change, which no re-query would find.
//  - SQLite: the in-process emitter (one instance by definition).
// A poke names the new notification. The hub finds out who could possibly see it
// (notification-audience.ts) and wakes only those readers' streams, never the actor's: with many
// streams open, most notifications concern few of them (docs/decisions/0154). On PostgreSQL the poke
// carries what that follows from (notification-poke.ts, docs/decisions/0169); otherwise the hub asks
// the database once. A poke without an id (the listener is back after a drop), or whose audience
// cannot be read, wakes every stream.
// Streams also re-query on every heartbeat, which covers notifications made by another process on
// SQLite (the operator command line) and any window where the listener was down.

export interface StreamHandle {
  /** Whose inbox the stream delivers. */
  readonly readerId: string
  /** Wakes the stream: re-query. */
  wake(): void
  /** A user's access changed: the stream tells its page when that user is its reader. */
  accessChanged(userId: string): void
  /** Ends the stream (server shutdown). */
  close(): void
}

interface Hub {
  streams: Set<StreamHandle>
  /** Set on shutdown: a stream opened from then on is ended at once. */
  closed: boolean
  stopSource: (() => void) | null
  /**
   * Resolves while this instance LISTENs (at once on SQLite). A stream says `ready` only then, so a
   * notification made after `ready` always wakes it. Replaced by a pending one while the listener is
   * down, until it LISTENs again.
   */
  listening: Promise<void>
  markListening: () => void
  /** Whether `listening` has resolved (false again once the listener loses its connection). */
  isListening: boolean
  /** Streams woken by pokes since the hub was made (tests). */
  wakes: number
}

function newHub(): Hub {
  let markListening = () => {}
  const listening = new Promise<void>((resolve) => {
    markListening = resolve
  })
  return {
    streams: new Set(),
    closed: false,
    stopSource: null,
    listening,
    markListening,
    isListening: false,
    wakes: 0,
  }
}

function markListening(hub: Hub): void {
  hub.isListening = true
  hub.markListening()
}

/** The listener is down: `listening` waits again, for the next LISTEN. */
function markNotListening(hub: Hub): void {
  if (!hub.isListening) return
  const fresh = newHub()
  hub.listening = fresh.listening
  hub.markListening = fresh.markListening
  hub.isListening = false
}

export interface HubDeps {
  database: Database
  env: { database: DatabaseConfig }
  logger: Logger
}

/**
 * Registers an open stream; returns its unregister function. After closeNotificationStreams() the
 * stream is closed at once instead (its `close` runs before this returns).
 */
function registerStream(current: Hub, deps: HubDeps, stream: StreamHandle): () => void {
  if (current.closed) {
    stream.close()
    return () => {}
  }
  current.streams.add(stream)
  if (!current.stopSource) {
    const wakeFor = (audience: NotificationAudience | null) => {
      for (const s of current.streams) {
        if (!mayConcern(audience, s.readerId)) continue
        current.wakes += 1
        s.wake()
      }
    }
    const onPoke = ({ id, facts }: Poke) => {
      if (!id) return wakeFor(null)
      if (facts) return wakeFor(audienceFrom(facts))
      void notificationAudience(deps.database.db, id).then(wakeFor, (error: unknown) => {
        deps.logger.warn({ err: error }, 'could not read who a notification is for; waking every stream')
        wakeFor(null)
      })
    }
    const accessChanged = (userId: string) => {
      for (const s of current.streams) s.accessChanged(userId)
    }
    if (deps.database.dialect === 'postgres' && deps.env.database.dialect === 'postgres') {
      markNotListening(current)
      current.stopSource = startListener(deps.env.database.url, deps.logger, {
        onPoke,
        onAccessChange: accessChanged,
        onListening: () => markListening(current),
        onLost: () => markNotListening(current),
      })
    } else {
      // A poke comes from inside the notifying transaction, whose commit lands later (on SQLite's
      // transaction thread): the streams re-query once the writer is free, so they see it.
      const settled = () => deps.database.writesSettled?.() ?? Promise.resolve()
      const stopPokes = onLocalPoke((id) => void settled().then(() => onPoke({ id, facts: null })))
      const stopAccess = onLocalAccessChange((userId) => void settled().then(() => accessChanged(userId)))
      current.stopSource = () => {
        stopPokes()
        stopAccess()
      }
      markListening(current)
    }
  }
  return () => {
    current.streams.delete(stream)
    if (current.streams.size === 0 && current.stopSource) {
      current.stopSource()
      current.stopSource = null
      markNotListening(current)
    }
  }
}

/** The open notification streams of one app instance and what wakes them. */
export interface NotificationHub {
  /**
   * Registers an open stream; returns its unregister function. After close() the stream is closed at
   * once instead (its `close` runs before this returns).
   */
  register(deps: HubDeps, stream: StreamHandle): () => void
  /**
   * Ends every stream, and any opened later. Call on shutdown before server.close(): a server-sent
   * event stream never finishes by itself, so the server would wait out its grace period. Browsers
   * reconnect after the stream's `retry` delay and reach another instance.
   */
  close(): void
  /** Resolves when this instance listens for other instances' notifications (at once on SQLite). */
  listenerReady(): Promise<void>
  /** How many streams this instance has open (metrics, tests). */
  openStreams(): number
  /** How many times a poke has woken a stream, in all (tests). */
  streamWakes(): number
}

export function createNotificationHub(): NotificationHub {
  const hub = newHub()
  let used = false
  return {
    register(deps, stream) {
      used = true
      return registerStream(hub, deps, stream)
    },
    close() {
      hub.closed = true
      for (const stream of [...hub.streams]) stream.close()
    },
    listenerReady: () => (used ? hub.listening : Promise.reject(new Error('no notification stream is open'))),
    openStreams: () => hub.streams.size,
    streamWakes: () => hub.wakes,
  }
}

const MAX_BACKOFF_MS = 30_000

interface ListenerEvents {
  /** A notification was committed (its id, and on PostgreSQL who could see it), or, without an id, anything may have been. */
  onPoke: (poke: Poke) => void
  onAccessChange: (userId: string) => void
  /** LISTEN is active (again). */
  onListening: () => void
  /** The connection is gone; a new one is on its way. */
  onLost: () => void
}

function startListener(
  url: string,
  logger: Logger,
  { onPoke, onAccessChange, onListening, onLost }: ListenerEvents,
): () => void {
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  let attempt = 0

  const retire = (old: pg.Client) => {
    old.removeAllListeners('notification')
    old.removeAllListeners('end')
    old.removeAllListeners('error')
    // An error while it closes must not become an unhandled 'error' event.
    old.on('error', () => {})
    old.end().catch(() => {})
  }

  const reconnectLater = (failed: pg.Client, error?: Error) => {
    if (failed !== client) return
    client = null
    retire(failed)
    onLost()
    if (stopped) return
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt)
    attempt += 1
    // The message only: connection errors can name the host, never a password (pg does not echo it).
    logger.warn(
      { err: error ? { message: error.message } : undefined, retryInMs: delay },
      'notification listener lost its connection',
    )
    retry = setTimeout(connect, delay)
    retry.unref()
  }

  const connect = () => {
    retry = null
    if (stopped) return
    const next = new (loadPg().Client)({ connectionString: url })
    client = next
    next.on('notification', (message) => {
      if (message.channel === ACCESS_CHANNEL) {
        if (message.payload) onAccessChange(message.payload)
      } else onPoke(readPoke(message.payload))
    })
    next.on('error', (error) => reconnectLater(next, error))
    next.on('end', () => reconnectLater(next))
    next
      .connect()
      .then(() => next.query(`LISTEN ${NOTIFY_CHANNEL}; LISTEN ${ACCESS_CHANNEL}`))
      .then(() => {
        if (next !== client) return
        attempt = 0
        onListening()
        // Anything notified while we were not listening: the streams re-query and catch up.
        onPoke(readPoke(undefined))
      })
      .catch((error: Error) => reconnectLater(next, error))
  }

  connect()
  return () => {
    stopped = true
    if (retry) clearTimeout(retry)
    retry = null
    const current = client
    client = null
    if (current) retire(current)
  }
}

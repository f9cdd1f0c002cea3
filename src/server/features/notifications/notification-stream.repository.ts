import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { queryTemplate, type Slots } from '../../db/query-templates'
import {
  type NotificationRow,
  type Recipient,
  type RetentionCutoffs,
  retentionCutoffs,
  withColumns,
} from './notifications.repository'
import { unreadCountQuery } from './unread-count.repository'

// Named queries of the notification stream (notifications.stream.ts): who reads it, and what it has
// not sent yet.

/** Oldest first: what a stream has not sent yet. */
export function listVisibleAfter(db: Db, recipient: Recipient, now: Date, after: string, limit: number) {
  return visibleAfter(db, recipient, now, after, limit).execute()
}

function visibleAfter(
  db: Db,
  recipient: Recipient,
  at: Date | RetentionCutoffs,
  after: string,
  limit: number,
) {
  return withColumns(db, recipient, at).where('n.id', '>', after).orderBy('n.id', 'asc').limit(limit)
}

/**
 * In one statement: the newest notification id of all, at most `limit` of what the reader may see
 * after `after` (oldest first), and how many the reader has not read. One statement reads one
 * snapshot, and ids grow in commit order (notify.ts): whatever commits after it has an id above
 * `newest`, so once `rows` comes back short, nothing this reader may see is left at or below `newest`;
 * and the unread count is the one those rows leave the reader with, asked in the same round trip as
 * the rows that change it. Every open stream runs it on every notification that may concern it, so it
 * is a query template (db/query-templates.ts), compiled once per kind of reader (passShape).
 */
export async function newestAndVisibleAfter(
  db: Db,
  recipient: Recipient,
  now: Date,
  after: string,
  limit: number,
): Promise<{ newest: string | null; rows: NotificationRow[]; unread: number }> {
  const cutoffs = retentionCutoffs(now)
  const found = await passTemplate.rows(db, passShape(recipient), {
    readerId: recipient.id,
    createdAt: recipient.createdAt,
    readCutoff: cutoffs.read,
    allCutoff: cutoffs.all,
    after,
    limit,
  })
  const first = found[0]
  // No row is visible: the left join gives one row of nulls beside the newest id and the count.
  const rows = found.filter((row) => row.id !== null) as unknown as NotificationRow[]
  return { newest: first?.newest ?? null, rows, unread: Number(first?.unread ?? 0) }
}

/** The statement of newestAndVisibleAfter(). */
export function passQuery(
  db: Db,
  recipient: Recipient,
  at: Date | RetentionCutoffs,
  after: string,
  limit: number,
) {
  return db
    .selectFrom(
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('newest'))
        .as('m'),
    )
    .leftJoin(visibleAfter(db, recipient, at, after, limit).as('l'), (join) => join.on(sql<boolean>`true`))
    .selectAll('l')
    .select('m.newest')
    .select(unreadCountQuery(db, recipient, at).as('unread'))
    .orderBy('l.id', 'asc')
}

interface PassValues {
  readerId: string
  createdAt: string
  readCutoff: string
  allCutoff: string
  after: string
  limit: number
}

/**
 * What of a reader shapes the pass's SQL, as its template's key: the role, the staff functions and the
 * kinds turned off; and for staff and admins the moments their functions began (heldSince compares
 * them), which makes one shape per staff member, a few in all. A customer's id and account date are
 * slots, so every customer with the same settings shares one.
 */
type ReaderShape = Pick<Recipient, 'role' | 'staffFunctions' | 'muted'> &
  Partial<Pick<Recipient, 'since' | 'createdAt'>>

function passShape(recipient: Recipient): string {
  const shape: ReaderShape = {
    role: recipient.role,
    staffFunctions: [...recipient.staffFunctions].sort(),
    muted: [...(recipient.muted ?? [])].sort(),
  }
  if (recipient.role !== 'user') {
    shape.createdAt = recipient.createdAt
    shape.since = Object.fromEntries(Object.entries(recipient.since).sort(([a], [b]) => a.localeCompare(b)))
  }
  return JSON.stringify(shape)
}

const passTemplate = queryTemplate((db: Db, slots: Slots<PassValues>, shape: string) => {
  const reader = JSON.parse(shape) as ReaderShape
  const recipient: Recipient = {
    id: slots.readerId,
    name: '',
    isRestricted: false,
    role: reader.role,
    staffFunctions: reader.staffFunctions,
    muted: reader.muted,
    createdAt: reader.createdAt ?? slots.createdAt,
    since: reader.since ?? {},
  }
  const cutoffs = { read: slots.readCutoff, all: slots.allCutoff }
  return passQuery(db, recipient, cutoffs, slots.after, slots.limit)
})

/** A personal access token's expiry and its user's restriction (a stream opened with the token). */
export function findAccessTokenState(db: Db, tokenId: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.userId')
    .select(['access_tokens.expiresAt', 'users.isRestricted'])
    .where('access_tokens.id', '=', tokenId)
    .executeTakeFirst()
}

/**
 * The state of the stream's session, read without touching it: an open tab must not keep an idle
 * session alive (accounts' resolveSession() touches; this does not).
 */
export function findSessionState(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.expires', 'sessions.lastSeenAt', 'sessions.createdAt', 'users.isRestricted'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst()
}

import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { type NotificationRow, type Recipient, withColumns } from './notifications.repository'
import { unreadCountQuery } from './unread-count.repository'

// Named queries of the notification stream (notifications.stream.ts): who reads it, and what it has
// not sent yet.

/** Oldest first: what a stream has not sent yet. */
export function listVisibleAfter(db: Db, recipient: Recipient, now: Date, after: string, limit: number) {
  return visibleAfter(db, recipient, now, after, limit).execute()
}

function visibleAfter(db: Db, recipient: Recipient, now: Date, after: string, limit: number) {
  return withColumns(db, recipient, now).where('n.id', '>', after).orderBy('n.id', 'asc').limit(limit)
}

/**
 * In one statement: the newest notification id of all, at most `limit` of what the reader may see
 * after `after` (oldest first), and how many the reader has not read. One statement reads one
 * snapshot, and ids grow in commit order (notify.ts): whatever commits after it has an id above
 * `newest`, so once `rows` comes back short, nothing this reader may see is left at or below `newest`;
 * and the unread count is the one those rows leave the reader with, asked in the same round trip as
 * the rows that change it.
 */
export async function newestAndVisibleAfter(
  db: Db,
  recipient: Recipient,
  now: Date,
  after: string,
  limit: number,
): Promise<{ newest: string | null; rows: NotificationRow[]; unread: number }> {
  const found = await passQuery(db, recipient, now, after, limit).execute()
  const first = found[0]
  // No row is visible: the left join gives one row of nulls beside the newest id and the count.
  const rows = found.filter((row) => row.id !== null) as unknown as NotificationRow[]
  return { newest: first?.newest ?? null, rows, unread: Number(first?.unread ?? 0) }
}

/** The statement of newestAndVisibleAfter(). */
export function passQuery(db: Db, recipient: Recipient, now: Date, after: string, limit: number) {
  return db
    .selectFrom(
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('newest'))
        .as('m'),
    )
    .leftJoin(visibleAfter(db, recipient, now, after, limit).as('l'), (join) => join.on(sql<boolean>`true`))
    .selectAll('l')
    .select('m.newest')
    .select(unreadCountQuery(db, recipient, now).as('unread'))
    .orderBy('l.id', 'asc')
}

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

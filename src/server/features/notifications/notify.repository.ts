import { type Insertable, type RawBuilder, sql } from 'kysely'
import type { NotificationAction, NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'
import { reachesFolderMembers } from './notification-audience'
import { folderMembersJson } from './notification-audience.repository'
import { POKE_MAX_BYTES } from './notification-poke'

// Named queries of notify(): the entry a burst groups into, the row and its recipients in commit
// order (PostgreSQL: one statement), and the live-delivery signal.

export async function latestNotificationId(trx: Db): Promise<string | null> {
  const latest = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return latest?.id ?? null
}

/** The folder a file is in now, or null when the file is gone. */
export async function folderOfFile(trx: Db, fileId: string): Promise<string | null> {
  const row = await trx.selectFrom('files').select('folder_id').where('id', '=', fileId).executeTakeFirst()
  return row?.folder_id ?? null
}

/** What a burst's entries share: the kind, the actor, the folder and the audience, since `since`. */
export interface GroupMatch {
  type: NotificationType
  action: NotificationAction
  userId: string
  folderId: string
  forAll: boolean
  forUsers: string
  since: string
}

/** The latest entry a new one matching `match` groups into. */
export async function findGroupableNotification(
  trx: Db,
  match: GroupMatch,
): Promise<{ id: string } | undefined> {
  return groupableQuery(trx, match).executeTakeFirst()
}

function groupableQuery(db: Db, match: GroupMatch) {
  return db
    .selectFrom('notifications')
    .select('id')
    .where('type', '=', match.type)
    .where('action', '=', match.action)
    .where('user_id', '=', match.userId)
    .where('folder_id', '=', match.folderId)
    .where('forAll', '=', match.forAll)
    .where('for_users', '=', match.forUsers)
    .where('createdAt', '>=', match.since)
    .orderBy('id', 'desc')
    .limit(1)
}

/**
 * Deletes the entry and answers what it counted, or undefined when it is gone already. Its read state
 * and recipients go with it (cascade).
 */
export async function takeNotification(
  trx: Db,
  id: string,
): Promise<{ itemCount: number; contentCount: number } | undefined> {
  return trx
    .deleteFrom('notifications')
    .where('id', '=', id)
    .returning(['itemCount', 'contentCount'])
    .executeTakeFirst()
}

/** Inserts the row (SQLite; PostgreSQL records through recordInCommitOrder). */
export async function insertNotification(trx: Db, row: Insertable<DB['notifications']>): Promise<void> {
  await trx.insertInto('notifications').values(row).execute()
}

/** The listed users as the entry's recipients; ids with no user (deleted since) are left out. */
export async function insertRecipients(trx: Db, notificationId: string, userIds: readonly string[]) {
  await trx
    .insertInto('notification_recipients')
    .columns(['notification_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([sql<string>`cast(${notificationId} as text)`.as('notification_id'), 'users.id'])
        .where('users.id', 'in', userIds),
    )
    .execute()
}

/** PostgreSQL: listeners on every instance hear of it after the commit. */
export async function announceNotification(trx: Db, channel: string, id: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${id})`.execute(trx)
}

/** A notification to record on PostgreSQL: its row but the id, and what goes with it. */
export interface OrderedRecord {
  row: Omit<Insertable<DB['notifications']>, 'id' | 'itemCount' | 'contentCount'> & {
    itemCount: number
    contentCount: number
  }
  /** A fresh id made now: the record's id is this, or just above the last one given out. */
  candidateId: string
  /** What the entry a burst groups into matches: the latest is deleted, its counts added to this one's. */
  groupWith: GroupMatch | null
  /** Listed recipients; ids with no user (deleted since) are left out. */
  recipients: readonly string[]
  /** Whose listeners hear of the id after the commit. */
  channel: string
}

/**
 * PostgreSQL: records a notification in ONE statement, in commit order (docs/decisions/0162). Its
 * first step takes the `notification_order` row (an upsert, which waits while another transaction
 * that took it is uncommitted, and then reads the id that one gave out); the row stays locked until
 * this transaction commits, so ids grow in commit order. Then, in the same statement: the id, above
 * the last one given out and every stored one; the grouped entry's lookup and deletion (after the
 * order row, so two of one actor's uploads cannot each hold what the other waits for; the lookup
 * sees the entries committed when the statement began, as a read before it would); the row; its
 * recipients; and the `pg_notify`, delivered after the commit, which tells the id and who could see
 * it (pokePayload). Answers the id.
 */
export async function recordInCommitOrder(trx: Db, r: OrderedRecord): Promise<string> {
  const stored = sql<string | null>`(select max(id) from notifications)`
  const last = sql<string | null>`greatest(notification_order.last_id, ${stored})`
  const { itemCount, contentCount, ...row } = r.row
  const recorded = await trx
    .with('ordered', (db) =>
      db
        .insertInto('notification_order')
        .values({ id: 1, last_id: idAbove(stored, r.candidateId) })
        .onConflict((oc) => oc.column('id').doUpdateSet({ last_id: idAbove(last, r.candidateId) }))
        .returning('last_id'),
    )
    .with('taken', (db) =>
      db
        .deleteFrom('notifications')
        .where(sql<boolean>`exists (select 1 from ordered)`)
        .where('id', '=', r.groupWith ? groupableQuery(trx, r.groupWith) : null)
        .returning(['itemCount', 'contentCount']),
    )
    .with('inserted', (db) =>
      db
        .insertInto('notifications')
        .values({
          id: sql<string>`(select last_id from ordered)`,
          ...row,
          itemCount: sql<number>`${itemCount} + coalesce((select "itemCount" from taken), 0)`,
          contentCount: sql<number>`${contentCount} + coalesce((select "contentCount" from taken), 0)`,
        })
        .returning('id'),
    )
    .with('listed', (db) =>
      db
        .insertInto('notification_recipients')
        .columns(['notification_id', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom(['inserted', 'users'])
            .select(['inserted.id as notification_id', 'users.id as user_id'])
            .where(sql<boolean>`users.id = any(${[...r.recipients]})`),
        ),
    )
    .selectFrom('inserted')
    .select([
      'inserted.id',
      sql<string>`pg_notify(${r.channel}, ${pokePayload(sql<string>`inserted.id`, r)})`.as('announced'),
    ])
    .executeTakeFirstOrThrow()
  return recorded.id
}

/**
 * The poke's text (notification-poke.ts): the id and the facts its audience follows from, the
 * folder's members asked here, once, rather than by every listening instance; the id alone when that
 * would not fit a payload.
 */
function pokePayload(id: RawBuilder<string>, r: OrderedRecord): RawBuilder<string> {
  const facts = { forAll: Boolean(r.row.forAll), type: r.row.type, folderId: r.row.folder_id ?? null }
  const members =
    reachesFolderMembers(facts) && facts.folderId ? folderMembersJson(facts.folderId) : sql`'[]'::json`
  const poke = sql<string>`json_build_object(
    'id', ${id}, 'actor', cast(${r.row.user_id ?? null} as text), 'forAll', cast(${facts.forAll} as boolean),
    'type', cast(${facts.type} as text), 'folder', cast(${facts.folderId} as text),
    'listed', cast(${JSON.stringify(r.recipients)} as json), 'members', ${members})::text`
  return sql<string>`(select case when octet_length(p) < ${POKE_MAX_BYTES} then p else ${id} end
    from (select ${poke} as p) as poke)`
}

/**
 * The first id after `last` (null: none yet): `candidate` when it sorts above it, else a UUIDv7 one
 * millisecond after `last` with the candidate's random part (as idAfter() in notify.ts).
 */
function idAbove(last: RawBuilder<string | null>, candidate: string) {
  return sql<string>`(
    select case when b is null or ${candidate} > b then ${candidate}
      else substr(h, 1, 8) || '-' || substr(h, 9, 4) || substr(${candidate}, 14) end
    from (
      select b, lpad(to_hex(('x' || substr(b, 1, 8) || substr(b, 10, 4))::bit(48)::bigint + 1), 12, '0') as h
      from (select ${last} as b) as last_given
    ) as next_id
  )`
}

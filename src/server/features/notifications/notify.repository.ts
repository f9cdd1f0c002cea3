import { type Insertable, type RawBuilder, sql } from 'kysely'
import type { NotificationAction, NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'
import { queryTemplate, type Slots } from '../../db/query-templates'
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

/**
 * PostgreSQL: the id of the notification recorded as `recordedId`, once its transaction committed:
 * the same, or the one the commit moved it to, above an id given out before it, which keeps the
 * recorded id's random part (migration 0065); null when it is gone (grouped into a later entry).
 */
export async function committedNotificationId(db: Db, recordedId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '>=', recordedId)
    .where(sql<string>`substr(id, 14)`, '=', recordedId.slice(13))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row?.id ?? null
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
  /** A fresh id made now: the row's id until the commit, which may move it above a later one. */
  candidateId: string
  /** What the entry a burst groups into matches: the latest is deleted, its counts added to this one's. */
  groupWith: GroupMatch | null
  /** Listed recipients; ids with no user (deleted since) are left out. */
  recipients: readonly string[]
  /** Whose listeners hear of the id after the commit. */
  channel: string
}

/**
 * PostgreSQL: records a notification in ONE statement; it takes its place in commit order at the
 * commit (docs/decisions/0172). The statement leaves the poke to send in the transaction-local
 * setting `depot.pokes` (keyed by the candidate id; see pokePayload), deletes the entry a burst
 * groups into (its lookup sees the entries committed when the statement began, as a read before it
 * would) and adds its counts, and inserts the row under the candidate id with its recipients. At the
 * commit a deferred trigger (migration 0065) takes the `notification_order` row, moves the id above
 * the last one given out when it is not already, and sends the poke with the final id. Answers the
 * candidate id: the final one after the commit is `committedNotificationId`. Every notification runs
 * it, so it is a query template (db/query-templates.ts): four shapes, grouped or not, with the
 * folder's members in the poke or not.
 */
export async function recordInCommitOrder(trx: Db, r: OrderedRecord): Promise<string> {
  const { row, groupWith } = r
  const members = reachesFolderMembers({
    forAll: Boolean(row.forAll),
    type: row.type,
    folderId: row.folder_id ?? null,
  })
  const group = groupWith
    ? (Object.fromEntries(
        Object.entries(groupWith).map(([key, value]) => [`group_${key}`, value]),
      ) as GroupValues)
    : {}
  const [recorded] = await recordTemplate.rows(
    trx,
    `${groupWith ? 'grouped' : 'alone'}, ${members ? 'members' : 'no members'}`,
    {
      ...row,
      ...group,
      candidateId: r.candidateId,
      recipients: [...r.recipients],
      listed: JSON.stringify(r.recipients),
      channel: r.channel,
    },
  )
  if (!recorded) throw new Error('the notification was not recorded')
  return recorded.id
}

/** The notification's columns a record writes as given (its id and counts are worked out). */
const ROW_COLUMNS = [
  'type',
  'action',
  'user_name',
  'user_id',
  'mainItem',
  'subItem',
  'forAll',
  'for_users',
  'folder_id',
  'file_id',
  'product_id',
  'order_id',
  'amount',
  'currency',
  'createdAt',
  'updatedAt',
] as const
type RecordRow = Omit<OrderedRecord['row'], 'itemCount' | 'contentCount'>
// Every column of the row is written: a new one must be added to ROW_COLUMNS.
const everyColumn: [Exclude<keyof RecordRow, (typeof ROW_COLUMNS)[number]>] extends [never] ? true : never =
  true

type GroupValues = { [K in keyof GroupMatch as `group_${K}`]: GroupMatch[K] }
type RecordValues = OrderedRecord['row'] &
  Partial<GroupValues> & { candidateId: string; recipients: string[]; listed: string; channel: string }

const recordTemplate = queryTemplate((db: Db, v: Slots<RecordValues>, shape: string) => {
  void everyColumn
  const row = Object.fromEntries(ROW_COLUMNS.map((column) => [column, v[column]])) as unknown as RecordRow
  const groupWith: GroupMatch | null = shape.startsWith('grouped')
    ? {
        type: v.group_type!,
        action: v.group_action!,
        userId: v.group_userId!,
        folderId: v.group_folderId!,
        forAll: v.group_forAll!,
        forUsers: v.group_forUsers!,
        since: v.group_since!,
      }
    : null
  return recordStatement(db, {
    row,
    itemCount: v.itemCount,
    contentCount: v.contentCount,
    candidateId: v.candidateId,
    groupWith,
    recipients: v.recipients,
    listed: v.listed,
    channel: v.channel,
    membersOf: shape.endsWith(', members') ? v.folder_id : null,
  })
})

interface RecordParts {
  row: RecordRow
  itemCount: number
  contentCount: number
  candidateId: string
  groupWith: GroupMatch | null
  recipients: readonly string[]
  /** The recipients as a JSON array, for the poke. */
  listed: string
  channel: string
  /** The folder whose members the poke tells (a broadcast about a folder), or null. */
  membersOf: string | null | undefined
}

function recordStatement(trx: Db, r: RecordParts) {
  const poke = sql<string>`jsonb_build_object('channel', cast(${r.channel} as text), 'payload', ${pokePayload(r)})`
  return (
    trx
      // First, so that the trigger's WHEN, checked as the row goes in, finds the poke.
      .with('stashed', (db) =>
        db.selectNoFrom([
          sql<string>`cast(${r.candidateId} as text)`.as('id'),
          sql<string>`set_config('depot.pokes', (coalesce(nullif(current_setting('depot.pokes', true), ''), '{}')::jsonb
            || jsonb_build_object(cast(${r.candidateId} as text), ${poke}))::text, true)`.as('pokes'),
        ]),
      )
      .with('taken', (db) =>
        db
          .deleteFrom('notifications')
          .where('id', '=', r.groupWith ? groupableQuery(trx, r.groupWith) : null)
          .returning(['itemCount', 'contentCount']),
      )
      .with('inserted', (db) =>
        db
          .insertInto('notifications')
          .values({
            id: sql<string>`(select id from stashed where pokes is not null)`,
            ...r.row,
            itemCount: sql<number>`${r.itemCount} + coalesce((select "itemCount" from taken), 0)`,
            contentCount: sql<number>`${r.contentCount} + coalesce((select "contentCount" from taken), 0)`,
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
              .where(sql<boolean>`users.id = any(${r.recipients})`),
          ),
      )
      .selectFrom('inserted')
      .select('inserted.id')
  )
}

/**
 * The poke's text (notification-poke.ts): the id and the facts its audience follows from, the
 * folder's members asked here, once, rather than by every listening instance; the id alone when that
 * would not fit a payload. It names the candidate id; the commit's trigger puts the final id, of the
 * same length, in its place.
 */
function pokePayload(r: RecordParts): RawBuilder<string> {
  const id = sql<string>`cast(${r.candidateId} as text)`
  const members = r.membersOf ? folderMembersJson(r.membersOf) : sql`'[]'::json`
  const poke = sql<string>`json_build_object(
    'id', ${id}, 'actor', cast(${r.row.user_id} as text), 'forAll', cast(${r.row.forAll} as boolean),
    'type', cast(${r.row.type} as text), 'folder', cast(${r.row.folder_id} as text),
    'listed', cast(${r.listed} as json), 'members', ${members})::text`
  return sql<string>`(select case when octet_length(p) < ${POKE_MAX_BYTES} then p else ${id} end
    from (select ${poke} as p) as poke)`
}

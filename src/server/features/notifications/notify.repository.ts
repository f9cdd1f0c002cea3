import { type Insertable, PostgresAdapter, sql } from 'kysely'
import type { NotificationAction, NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'

// Named queries of notify(): the id-order lock, the entry a burst groups into, the row and its
// recipients, and the live-delivery signal.

/** pg_advisory_xact_lock key: notifications get ids in commit order across every instance. */
const ID_ORDER_LOCK = 0x6465706f74 // "depot"

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** PostgreSQL: one transaction at a time records a notification (held until commit). */
export async function lockNotificationOrder(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ID_ORDER_LOCK})`.execute(trx)
}

export async function latestNotificationId(trx: Db): Promise<string | null> {
  const latest = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return latest?.id ?? null
}

/** The latest entry of the same kind by the same actor on the same folder and audience since `since`. */
export async function findGroupableNotification(
  trx: Db,
  match: {
    type: NotificationType
    action: NotificationAction
    userId: string
    folderId: string
    forAll: boolean
    forUsers: string
    since: string
  },
): Promise<{ id: string } | undefined> {
  return trx
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
    .executeTakeFirst()
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

/**
 * Inserts the row; with `announceOn` (PostgreSQL) the same statement tells that channel's listeners its
 * id, which PostgreSQL delivers after the commit: one round trip fewer under the order lock.
 */
export async function insertNotification(
  trx: Db,
  row: Insertable<DB['notifications']>,
  announceOn: string | null,
): Promise<void> {
  if (announceOn === null) {
    await trx.insertInto('notifications').values(row).execute()
    return
  }
  await trx
    .with('inserted', (db) => db.insertInto('notifications').values(row).returning('id'))
    .selectFrom('inserted')
    .select(sql<string>`pg_notify(${announceOn}, inserted.id)`.as('announced'))
    .execute()
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

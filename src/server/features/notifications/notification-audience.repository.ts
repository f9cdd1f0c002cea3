import { sql } from 'kysely'
import type { NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'

// Who could possibly see a new notification: the hub's filter for which open streams to wake
// (notification-hub.ts). It is a superset, never the decision: a woken stream still asks
// eligibleNotifications() what its reader may see. What is left out here is only a stream that would
// have found nothing.

/** A new notification, as far as waking streams goes. */
export type NotificationAudience =
  /** Gone (rolled back, or grouped into a later one): nobody has anything to fetch. */
  | { kind: 'nobody' }
  /** Anyone signed in may be eligible, but never the actor (nobody hears of their own actions). */
  | { kind: 'everyone'; actorId: string | null }
  /** Only these users may see it (the recipients listed, the folder's members). */
  | { kind: 'users'; actorId: string | null; userIds: ReadonlySet<string> }

const FOLDER_TYPES: readonly NotificationType[] = ['folder', 'file']

export async function notificationAudience(db: Db, id: string): Promise<NotificationAudience> {
  const row = await db
    .selectFrom('notifications as n')
    .leftJoin('files as fi', 'fi.id', 'n.file_id')
    .select(['n.user_id', 'n.forAll', 'n.type', 'n.folder_id', 'fi.folder_id as fileFolderId'])
    .where('n.id', '=', id)
    .executeTakeFirst()
  if (!row) return { kind: 'nobody' }
  const actorId = row.user_id
  const listed = await db
    .selectFrom('notification_recipients')
    .select('user_id')
    .where('notification_id', '=', id)
    .execute()
  const userIds = new Set(listed.map((r) => r.user_id))
  if (!row.forAll) return { kind: 'users', actorId, userIds }
  // A broadcast about a folder reaches the folder's members only (mayStillSee's folder check).
  const folderId = row.folder_id ?? row.fileFolderId
  if (!FOLDER_TYPES.includes(row.type) || folderId === null) return { kind: 'everyone', actorId }
  const members = await folderMembers(db, folderId)
  if (members.everyone) return { kind: 'everyone', actorId }
  for (const userId of members.userIds) userIds.add(userId)
  return { kind: 'users', actorId, userIds }
}

/**
 * Everyone who can open the folder by the folder rule (db/readable-folders.ts read upwards; change
 * them together): a grant on the folder, or, while the folder is public, whoever can open its parent;
 * a public top-level folder opens to every user.
 */
export async function folderMembers(
  db: Db,
  folderId: string,
): Promise<{ everyone: boolean; userIds: string[] }> {
  const path = db.withRecursive('way_up(id, parent_id, type)', (qb) =>
    qb
      .selectFrom('folders')
      .select(['id', 'parent_id', 'type'])
      .where('id', '=', folderId)
      .unionAll(
        qb
          .selectFrom('folders as f')
          .innerJoin('way_up as w', 'w.parent_id', 'f.id')
          .select(['f.id', 'f.parent_id', 'f.type'])
          .where('w.type', '=', 'public'),
      ),
  )
  // One statement: a row without a user when the way up ends in a public top-level folder, and the
  // users granted on any folder of the way.
  const rows = await path
    .selectFrom('way_up')
    .select(sql<string | null>`null`.as('user_id'))
    .where('parent_id', 'is', null)
    .where('type', '=', 'public')
    .union((eb) =>
      eb
        .selectFrom('folder_permissions as p')
        .innerJoin('way_up as w', 'w.id', 'p.folder_id')
        .select('p.user_id'),
    )
    .execute()
  if (rows.some((r) => r.user_id === null)) return { everyone: true, userIds: [] }
  return { everyone: false, userIds: rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])) }
}

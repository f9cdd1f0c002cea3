import { type RawBuilder, sql } from 'kysely'
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

/** One row of the audience statement: the notification itself, a listed recipient, or a folder member. */
interface AudienceRow {
  part: 'notification' | 'listed' | 'member'
  /** The actor (notification), the recipient (listed), the member (null: everyone, a public top). */
  user_id: string | null
  for_all: boolean | number | null
  type: NotificationType | null
  folder_id: string | null
}

/**
 * Who could see notification `id`, in one statement (each instance asks for every notification, so
 * one round trip each): the row, its listed recipients, and, for a broadcast about a folder or a file,
 * the folder's members by the rule read upwards.
 */
export async function notificationAudience(db: Db, id: string): Promise<NotificationAudience> {
  const { rows } = await sql<AudienceRow>`
    with recursive target as (
      select n."user_id", n."forAll" as for_all, n."type", coalesce(n."folder_id", fi."folder_id") as folder_id
      from "notifications" as n left join "files" as fi on fi."id" = n."file_id"
      where n."id" = ${id}
    ),
    ${wayUp(sql`(select folder_id from target where for_all and "type" in ('folder', 'file'))`)}
    select 'notification' as part, "user_id", for_all, "type", folder_id from target
    union all
    select 'listed', "user_id", null, null, null from "notification_recipients" where "notification_id" = ${id}
    union all
    select 'member', m."user_id", null, null, null from (${MEMBERS}) as m`.execute(db)
  const row = rows.find((r) => r.part === 'notification')
  if (!row) return { kind: 'nobody' }
  const actorId = row.user_id
  const userIds = new Set(rows.flatMap((r) => (r.part === 'listed' && r.user_id !== null ? [r.user_id] : [])))
  if (!row.for_all) return { kind: 'users', actorId, userIds }
  // A broadcast about a folder reaches the folder's members only (mayStillSee's folder check).
  if (row.type === null || !FOLDER_TYPES.includes(row.type) || row.folder_id === null)
    return { kind: 'everyone', actorId }
  const members = rows.filter((r) => r.part === 'member')
  if (members.some((r) => r.user_id === null)) return { kind: 'everyone', actorId }
  for (const member of members) if (member.user_id !== null) userIds.add(member.user_id)
  return { kind: 'users', actorId, userIds }
}

/**
 * `way_up(id, parent_id, type)`, a recursive CTE: the folder `anchor` names, then, while a folder is
 * public, its parent (the folder rule read upwards: db/readable-folders.ts; change them together).
 */
function wayUp(anchor: RawBuilder<unknown>) {
  return sql`way_up("id", "parent_id", "type") as (
      select "id", "parent_id", "type" from "folders" where "id" = ${anchor}
      union all
      select f."id", f."parent_id", f."type" from "folders" as f
      inner join way_up as w on w."parent_id" = f."id"
      where w."type" = 'public'
    )`
}

/**
 * Who can open the folder at the foot of `way_up`: a row without a user when the way up ends in a
 * public top-level folder (everyone), and the users granted on any folder of the way.
 */
const MEMBERS = sql`
  select null as "user_id" from way_up where "parent_id" is null and "type" = 'public'
  union
  select p."user_id" from "folder_permissions" as p inner join way_up as w on w."id" = p."folder_id"`

/**
 * Everyone who can open the folder by the folder rule (db/readable-folders.ts read upwards; change
 * them together): a grant on the folder, or, while the folder is public, whoever can open its parent;
 * a public top-level folder opens to every user.
 */
export async function folderMembers(
  db: Db,
  folderId: string,
): Promise<{ everyone: boolean; userIds: string[] }> {
  const { rows } = await sql<{
    user_id: string | null
  }>`with recursive ${wayUp(sql`${folderId}`)} ${MEMBERS}`.execute(db)
  if (rows.some((r) => r.user_id === null)) return { everyone: true, userIds: [] }
  return { everyone: false, userIds: rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])) }
}

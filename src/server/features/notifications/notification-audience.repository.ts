import { type RawBuilder, sql } from 'kysely'
import type { NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'
import { audienceFrom, type NotificationAudience } from './notification-audience'

// Who could possibly see a new notification (notification-audience.ts), read from its row; and the
// members of a folder by the folder rule read upwards, which the recording statement also asks for
// the poke (notify.repository.ts).

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
 * Who could see notification `id`, in one statement: the row, its listed recipients, and, for a
 * broadcast about a folder or a file, the folder's members by the rule read upwards. Asked when a
 * poke does not carry the audience (SQLite; a folder with too many members for PostgreSQL's payload).
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
  const valuesOf = (part: AudienceRow['part']) => rows.filter((r) => r.part === part).map((r) => r.user_id)
  return audienceFrom({
    actorId: row.user_id,
    forAll: Boolean(row.for_all),
    type: row.type,
    folderId: row.folder_id,
    listed: valuesOf('listed').filter((userId) => userId !== null),
    members: valuesOf('member'),
  })
}

/**
 * The members of folder `folderId` as a JSON array, a null for everyone (AudienceFacts.members), to
 * put inside another statement.
 */
export function folderMembersJson(folderId: string): RawBuilder<unknown> {
  return sql`(with recursive ${wayUp(sql`${folderId}`)}
    select coalesce(json_agg(m."user_id"), '[]'::json) from (${MEMBERS}) as m)`
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

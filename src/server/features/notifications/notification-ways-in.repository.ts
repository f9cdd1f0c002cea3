import { type Expression, type SqlBool, sql } from 'kysely'
import type { NotificationType } from '../../../shared/enums'
import { type Db, isPostgres } from '../../db/db'
import { heldSince, type Recipient, type Scope } from './notifications.repository'

// A reader's own ways into the notifications (docs/decisions/0165), each an index range: what they
// may see above an id is among
//  - the notifications about the folders they can open: a range of (folder_id, id) for each folder;
//  - those addressed to them: their range of notification_recipients' key;
//  - those of a broadcast type they see every one of: a range of (type, id) for each type;
//  - for readers who do not see every order, those about their own orders (all of them).
// The inbox's one filter (eligibleNotifications) then decides of these candidates alone, instead of
// every notification made since that id, which grows with everyone's activity: the unread count from
// the reader's watermark, the live stream from its cursor. The filter lets a notification about a
// folder through only when the reader can open that folder, and anything else only when addressed to
// them or broadcast to them by type, so the candidates hold every notification they may see.

/**
 * The broadcast types the reader is eligible for by role and staff function (product.md §5) whose
 * every entry they may see, or nearly: a newly published product reaches every signed-in user, and
 * product entries are few.
 */
function typesSeenInFull(recipient: Recipient): NotificationType[] {
  const types: NotificationType[] = ['product']
  if (heldSince(recipient, 'ManageFeedback') !== null) types.push('quote', 'feedback')
  if (heldSince(recipient, 'AccessShop') !== null) types.push('order')
  if (recipient.role === 'admin') types.push('staffFunction')
  return types
}

/**
 * `column` is one of the subquery's values, in the form that reads `column`'s index once per value:
 * PostgreSQL plans `= any(array(…))` as an index condition with the list made first; an IN subquery
 * it planned against a guess of the list's size and read the whole range above the watermark instead.
 */
export function oneOf(db: Db, column: string, values: Expression<unknown>): Expression<SqlBool> {
  // A query in a `sql` template is compiled in parentheses: `array(select …)`, `in (select …)`.
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(array${values})`
    : sql<SqlBool>`${sql.ref(column)} in ${values}`
}

/**
 * The notifications above `above` about the folders the reader can open (a folder reached two
 * ways repeats on PostgreSQL), a range of the folder index for each folder. Each database is told so
 * in the form it follows: for a join or `folder_id in (…)` PostgreSQL judged the one range of the
 * primary key above `above` cheaper (reading everyone's notifications made since), so it gets a
 * LATERAL subquery per folder; SQLite did the same with a join, and reads `folder_id in (…)` per folder.
 */
function inFolders(db: Db, eb: Scope, above: Expression<string>) {
  if (!isPostgres(db))
    return eb
      .selectFrom('notifications as inFolder')
      .select('inFolder.id')
      .where('inFolder.folder_id', 'in', eb.selectFrom('readable_folders as rf').select('rf.id'))
      .where('inFolder.id', '>', above)
  return eb
    .selectFrom('readable_folders as rf')
    .innerJoinLateral(
      (lateral) =>
        lateral
          .selectFrom('notifications as f')
          .select('f.id')
          .whereRef('f.folder_id', '=', 'rf.id')
          .where('f.id', '>', above)
          // Kept a subquery run per folder: without it PostgreSQL pulls the LATERAL up into a join.
          .offset(0)
          .as('inFolder'),
      (join) => join.onTrue(),
    )
    .select('inFolder.id')
}

/** The ids above `above` that the reader may see, by way in (they may repeat). */
export function waysIn(db: Db, eb: Scope, recipient: Recipient, above: Expression<string>) {
  const inFull = typesSeenInFull(recipient)
  const ids = inFolders(db, eb, above)
    .unionAll(
      eb
        .selectFrom('notification_recipients as nr')
        .select('nr.notification_id as id')
        .where('nr.user_id', '=', recipient.id)
        .where('nr.notification_id', '>', above),
    )
    .unionAll(
      eb
        .selectFrom('notifications as byType')
        .select('byType.id')
        .where('byType.type', 'in', inFull)
        .where('byType.id', '>', above),
    )
  if (inFull.includes('order')) return ids
  return ids.unionAll(
    // Not bounded below: a reader's own orders have few notifications, and the bound made
    // PostgreSQL weigh the primary key's range above it.
    eb
      .selectFrom('notifications as own')
      .select('own.id')
      .where((w) =>
        oneOf(
          db,
          'own.order_id',
          w.selectFrom('orders as o').select('o.id').where('o.user_id', '=', recipient.id),
        ),
      ),
  )
}

import { type Expression, type SqlBool, sql } from 'kysely'
import type { NotificationType } from '../../../shared/enums'
import { type Db, isPostgres } from '../../db/db'
import {
  eligibleNotifications,
  heldSince,
  isUnread,
  type Recipient,
  type RetentionCutoffs,
  type Scope,
} from './notifications.repository'

// How many notifications a reader has not read (docs/decisions/0165). Unread is either above their
// "mark all read" watermark or marked unread again one by one (a notification_reads row without
// readAt, decision 0156). The count asks the inbox's one filter (eligibleNotifications) of candidates
// read off the reader's own ways into the table, each an index range, instead of every notification
// made since the watermark, which grows with everyone's activity:
//  - about a folder: the folders the reader can open, a range of (folder_id, id) for each;
//  - addressed to the reader: their range of notification_recipients' key;
//  - of a broadcast type they see every one of: a range of (type, id) for each type;
//  - a broadcast order of their own, for readers who do not see every order: their orders' (all
//    of them);
//  - marked unread again: their notification_reads without readAt.
// Together these hold every notification the reader may see and have unread (the filter lets a
// notification about a folder through only when the reader can open that folder; anything else only
// when addressed to them or broadcast to them by type), so the count is the list's.

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
function oneOf(db: Db, column: string, values: Expression<unknown>): Expression<SqlBool> {
  // A query in a `sql` template is compiled in parentheses: `array(select …)`, `in (select …)`.
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(array${values})`
    : sql<SqlBool>`${sql.ref(column)} in ${values}`
}

/**
 * The notifications above the watermark about the folders the reader can open (a folder reached two
 * ways repeats on PostgreSQL), a range of the folder index for each folder. Each database is told so
 * in the form it follows: for a join or `folder_id in (…)` PostgreSQL judged the one range of the
 * primary key above the watermark cheaper (reading everyone's notifications made since), so it gets a
 * LATERAL subquery per folder; SQLite did the same with a join, and reads `folder_id in (…)` per folder.
 */
function inFolders(db: Db, eb: Scope, mark: Expression<string>) {
  if (!isPostgres(db))
    return eb
      .selectFrom('notifications as inFolder')
      .select('inFolder.id')
      .where('inFolder.folder_id', 'in', eb.selectFrom('readable_folders as rf').select('rf.id'))
      .where('inFolder.id', '>', mark)
  return eb
    .selectFrom('readable_folders as rf')
    .innerJoinLateral(
      (lateral) =>
        lateral
          .selectFrom('notifications as f')
          .select('f.id')
          .whereRef('f.folder_id', '=', 'rf.id')
          .where('f.id', '>', mark)
          // Kept a subquery run per folder: without it PostgreSQL pulls the LATERAL up into a join.
          .offset(0)
          .as('inFolder'),
      (join) => join.onTrue(),
    )
    .select('inFolder.id')
}

/** The ids that may be unread for the reader, by way in (they may repeat). */
function unreadCandidates(db: Db, eb: Scope, recipient: Recipient) {
  const mark = eb.fn.coalesce(
    eb.selectFrom('notification_read_marks as m').select('m.readUpTo').where('m.user_id', '=', recipient.id),
    eb.val(''),
  )
  const inFull = typesSeenInFull(recipient)
  let ids = inFolders(db, eb, mark)
    .unionAll(
      eb
        .selectFrom('notification_recipients as nr')
        .select('nr.notification_id as id')
        .where('nr.user_id', '=', recipient.id)
        .where('nr.notification_id', '>', mark),
    )
    .unionAll(
      eb
        .selectFrom('notifications as byType')
        .select('byType.id')
        .where('byType.type', 'in', inFull)
        .where('byType.id', '>', mark),
    )
    .unionAll(
      eb
        .selectFrom('notification_reads as again')
        .select('again.notification_id as id')
        .where('again.user_id', '=', recipient.id)
        .where('again.readAt', 'is', null),
    )
  if (!inFull.includes('order'))
    ids = ids.unionAll(
      // Not bounded by the watermark: a reader's own orders have few notifications (the filter leaves
      // out what is read), and the bound made PostgreSQL weigh the primary key's range above it.
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
  return ids
}

/** The count as one statement: the inbox filter over the candidates. */
export function unreadCountQuery(db: Db, recipient: Recipient, at: Date | RetentionCutoffs) {
  return eligibleNotifications(db, recipient, at)
    .where((eb) => isUnread(eb))
    .where((eb) => oneOf(db, 'n.id', unreadCandidates(db, eb, recipient)))
    .select((eb) => eb.fn.countAll().as('n'))
}

/** How many the recipient has not read. */
export async function countUnread(db: Db, recipient: Recipient, now: Date): Promise<number> {
  const row = await unreadCountQuery(db, recipient, now).executeTakeFirst()
  return Number(row?.n ?? 0)
}

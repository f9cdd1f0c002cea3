import type { Db } from '../../db/db'
import { oneOf, waysIn } from './notification-ways-in.repository'
import { eligibleNotifications, isUnread, type Recipient, type Scope } from './notifications.repository'

// How many notifications a reader has not read (docs/decisions/0165). Unread is either above their
// "mark all read" watermark or marked unread again one by one (a notification_reads row without
// readAt, decision 0156). The count asks the inbox's one filter (eligibleNotifications) of the
// candidates on the reader's own ways in above the watermark (notification-ways-in.repository.ts),
// and of what they marked unread again, instead of every notification made since the watermark.

/** The ids that may be unread for the reader, by way in (they may repeat). */
function unreadCandidates(db: Db, eb: Scope, recipient: Recipient) {
  const mark = eb.fn.coalesce(
    eb.selectFrom('notification_read_marks as m').select('m.readUpTo').where('m.user_id', '=', recipient.id),
    eb.val(''),
  )
  return waysIn(db, eb, recipient, mark).unionAll(
    eb
      .selectFrom('notification_reads as again')
      .select('again.notification_id as id')
      .where('again.user_id', '=', recipient.id)
      .where('again.readAt', 'is', null),
  )
}

/** The count as one statement: the inbox filter over the candidates. */
export function unreadCountQuery(db: Db, recipient: Recipient, now: Date) {
  return eligibleNotifications(db, recipient, now)
    .where((eb) => isUnread(eb))
    .where((eb) => oneOf(db, 'n.id', unreadCandidates(db, eb, recipient)))
    .select((eb) => eb.fn.countAll().as('n'))
}

/** How many the recipient has not read. */
export async function countUnread(db: Db, recipient: Recipient, now: Date): Promise<number> {
  const row = await unreadCountQuery(db, recipient, now).executeTakeFirst()
  return Number(row?.n ?? 0)
}

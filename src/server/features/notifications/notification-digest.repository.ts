import type { NotificationType } from '../../../shared/enums'
import type { Db } from '../../db/db'
import { eligibleNotifications, isUnread, type Recipient, withColumns } from './notifications.repository'

// Named queries of the e-mail digest (notification-digest.ts): the unread entries of the kinds a
// person wants by e-mail, made after their watermark and up to `upTo`, by the inbox's own rules.

interface DigestWindow {
  after: string
  upTo: string
  types: readonly NotificationType[]
}

function window(db: Db, recipient: Recipient, now: Date, w: DigestWindow) {
  return withColumns(db, recipient, now)
    .where('n.id', '>', w.after)
    .where('n.id', '<=', w.upTo)
    .where('n.type', 'in', w.types)
    .where((eb) => isUnread(eb))
}

/** Newest first, at most `limit`. */
export function listDigestEntries(db: Db, recipient: Recipient, now: Date, w: DigestWindow, limit: number) {
  return window(db, recipient, now, w).orderBy('n.id', 'desc').limit(limit).execute()
}

export async function countDigestEntries(db: Db, recipient: Recipient, now: Date, w: DigestWindow) {
  const row = await eligibleNotifications(db, recipient, now)
    .where('n.id', '>', w.after)
    .where('n.id', '<=', w.upTo)
    .where('n.type', 'in', w.types)
    .where((eb) => isUnread(eb))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

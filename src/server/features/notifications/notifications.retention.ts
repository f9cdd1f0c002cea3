import type { Db } from '../../db/db'
import { ALL_RETENTION_DAYS, READ_RETENTION_DAYS } from './notifications.repository'
import {
  deleteNotifications,
  expiredNotificationIds,
  readAddressedNotificationIds,
} from './notifications-retention.repository'

// Retention (product.md §5: read ones 90 days, all 365 days), for the job runner to call daily.
// Read state is per person, so "read" means different things for the two audiences
// (docs/decisions/0022):
//  - everyone: a notification they have read leaves their inbox 90 days after it was made (the read
//    filter in eligibleNotifications), whatever happens to the row;
//  - rows: deleted after 365 days; and after 90 days when addressed to named people (not forAll)
//    who have all read or dismissed it (the actor, who never sees it, does not count). forAll rows
//    have an open-ended audience whose read state is not worth computing; they wait for 365 days.
// Read records and recipient rows go with their notification (foreign keys cascade).

const DAY_MS = 24 * 60 * 60 * 1000
const BATCH = 500

export interface PurgeResult {
  /** Rows older than the 365-day limit. */
  expired: number
  /** Addressed rows past 90 days that every recipient has read. */
  read: number
}

export async function purgeNotifications(db: Db, now: Date): Promise<PurgeResult> {
  const allCutoff = new Date(now.getTime() - ALL_RETENTION_DAYS * DAY_MS).toISOString()
  const readCutoff = new Date(now.getTime() - READ_RETENTION_DAYS * DAY_MS).toISOString()

  const expired = await deleteInBatches(db, () => expiredNotificationIds(db, allCutoff, BATCH))

  const read = await deleteInBatches(db, () => readAddressedNotificationIds(db, readCutoff, BATCH))

  return { expired, read }
}

/** Small batches keep each delete short (SQLite has one writer; PostgreSQL keeps locks brief). */
async function deleteInBatches(db: Db, next: () => Promise<{ id: string }[]>): Promise<number> {
  let total = 0
  for (;;) {
    const ids = (await next()).map((r) => r.id)
    if (ids.length === 0) return total
    total += await deleteNotifications(db, ids)
    if (ids.length < BATCH) return total
  }
}

import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'
import { ALL_RETENTION_DAYS, READ_RETENTION_DAYS } from './notifications.repository'

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

export async function purgeNotifications(db: Kysely<DB>, now: Date): Promise<PurgeResult> {
  const allCutoff = new Date(now.getTime() - ALL_RETENTION_DAYS * DAY_MS).toISOString()
  const readCutoff = new Date(now.getTime() - READ_RETENTION_DAYS * DAY_MS).toISOString()

  const expired = await deleteInBatches(db, () =>
    db.selectFrom('notifications').select('id').where('createdAt', '<', allCutoff).limit(BATCH).execute(),
  )

  const read = await deleteInBatches(db, () =>
    db
      .selectFrom('notifications as n')
      .select('n.id')
      .where('n.forAll', '=', false)
      .where('n.createdAt', '<', readCutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notification_recipients as nr')
              .leftJoin('notification_reads as r', (join) =>
                join
                  .onRef('r.user_id', '=', 'nr.user_id')
                  .onRef('r.notification_id', '=', 'nr.notification_id'),
              )
              .leftJoin('notification_read_marks as w', 'w.user_id', 'nr.user_id')
              .select(sql<number>`1`.as('one'))
              .whereRef('nr.notification_id', '=', 'n.id')
              // The actor is never shown their own notification, so never reads it.
              .where((eb) =>
                eb.or([eb('n.user_id', 'is', null), eb('nr.user_id', '<>', eb.ref('n.user_id'))]),
              )
              // ...and this recipient has not read it yet.
              .where((eb) =>
                eb.or([
                  eb.and([
                    eb('r.user_id', 'is not', null),
                    eb('r.readAt', 'is', null),
                    eb('r.dismissedAt', 'is', null),
                  ]),
                  eb.and([
                    eb('r.user_id', 'is', null),
                    eb.or([eb('w.readUpTo', 'is', null), eb('w.readUpTo', '<', eb.ref('n.id'))]),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .limit(BATCH)
      .execute(),
  )

  return { expired, read }
}

/** Small batches keep each delete short (SQLite has one writer; PostgreSQL keeps locks brief). */
async function deleteInBatches(db: Kysely<DB>, next: () => Promise<{ id: string }[]>): Promise<number> {
  let total = 0
  for (;;) {
    const ids = (await next()).map((r) => r.id)
    if (ids.length === 0) return total
    const result = await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst()
    total += Number(result.numDeletedRows)
    if (ids.length < BATCH) return total
  }
}

import { sql } from 'kysely'
import type { Db } from '../../db/db'

// Named queries of notification retention (notifications.retention.ts): which rows are due, and
// deleting them. Read records and recipient rows go with their notification (foreign keys cascade).

/** Up to `limit` notifications made before `cutoff`. */
export async function expiredNotificationIds(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db.selectFrom('notifications').select('id').where('createdAt', '<', cutoff).limit(limit).execute()
}

/**
 * Up to `limit` notifications addressed to named people (not forAll), made before `cutoff`, that
 * every recipient but the actor has read or dismissed.
 */
export async function readAddressedNotificationIds(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('notifications as n')
    .select('n.id')
    .where('n.forAll', '=', false)
    .where('n.createdAt', '<', cutoff)
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
            .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('nr.user_id', '<>', eb.ref('n.user_id'))]))
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
    .limit(limit)
    .execute()
}

export async function deleteNotifications(db: Db, ids: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}

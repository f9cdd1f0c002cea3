import { sql } from 'kysely'
import type { Db } from '../../db/db'

// A reader's read state: one row per notification they marked read, unread or dismissed, and a
// watermark below which everything counts read (docs/decisions/0022).

export async function setRead(db: Db, userId: string, notificationId: string, read: boolean, now: Date) {
  const stamp = now.toISOString()
  await db
    .insertInto('notification_reads')
    .values({
      user_id: userId,
      notification_id: notificationId,
      readAt: read ? stamp : null,
      dismissedAt: null,
      updatedAt: stamp,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'notification_id'])
        .doUpdateSet({ readAt: read ? stamp : null, updatedAt: stamp }),
    )
    .execute()
}

/** Hides it from the user's inbox for good (and counts it read). */
export async function dismiss(db: Db, userId: string, notificationId: string, now: Date) {
  const stamp = now.toISOString()
  await db
    .insertInto('notification_reads')
    .values({
      user_id: userId,
      notification_id: notificationId,
      readAt: stamp,
      dismissedAt: stamp,
      updatedAt: stamp,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'notification_id']).doUpdateSet((eb) => ({
        dismissedAt: stamp,
        readAt: eb.fn.coalesce('notification_reads.readAt', eb.val(stamp)),
        updatedAt: stamp,
      })),
    )
    .execute()
}

/**
 * Moves the user's watermark up to `upTo` (never down: idempotent, and safe when two tabs race), and
 * makes read what they had marked unread below it. Notifications made later have higher ids
 * (notify.ts) and stay unread.
 */
export async function markAllReadUpTo(db: Db, userId: string, upTo: string, now: Date) {
  const stamp = now.toISOString()
  await db
    .insertInto('notification_read_marks')
    .values({ user_id: userId, readUpTo: upTo, updatedAt: stamp })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        readUpTo: sql<string>`case when ${sql.ref('excluded.readUpTo')} > ${sql.ref('notification_read_marks.readUpTo')} then ${sql.ref('excluded.readUpTo')} else ${sql.ref('notification_read_marks.readUpTo')} end`,
        updatedAt: stamp,
      }),
    )
    .execute()
  await db
    .updateTable('notification_reads')
    .set({ readAt: stamp, updatedAt: stamp })
    .where('user_id', '=', userId)
    .where('readAt', 'is', null)
    .where('notification_id', '<=', upTo)
    .execute()
}

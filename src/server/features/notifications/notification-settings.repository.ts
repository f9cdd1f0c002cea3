import type { Selectable } from 'kysely'
import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'

// Named queries of notification settings and the digest's bookkeeping (docs/decisions/0143).

export type SettingsRow = Selectable<DB['notification_settings']>

export function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Saves the choices; `digestAfter` only when given (the digest's watermark is its own). */
export async function saveSettings(
  db: Db,
  row: Pick<SettingsRow, 'user_id' | 'files' | 'shop' | 'inbox' | 'digest' | 'updatedAt'> & {
    digestAfter: string
    moveWatermark: boolean
  },
): Promise<void> {
  const { moveWatermark, ...values } = row
  await db
    .insertInto('notification_settings')
    .values({ ...values, lastDigestAt: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        files: values.files,
        shop: values.shop,
        inbox: values.inbox,
        digest: values.digest,
        updatedAt: values.updatedAt,
        ...(moveWatermark ? { digestAfter: values.digestAfter } : {}),
      }),
    )
    .execute()
}

/** Everyone who asked for e-mail of some kind, with their address; restricted accounts get none. */
export function listDigestSubscribers(db: Db) {
  return db
    .selectFrom('notification_settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.files',
      's.shop',
      's.inbox',
      's.digest',
      's.digestAfter',
      's.lastDigestAt',
      'u.email',
      'u.first_name',
    ])
    .where((eb) =>
      eb.or([
        eb('s.files', '=', 'bell_email'),
        eb('s.shop', '=', 'bell_email'),
        eb('s.inbox', '=', 'bell_email'),
      ]),
    )
    .where('u.isRestricted', '=', false)
    .orderBy('s.user_id')
    .execute()
}

/**
 * Moves the person's digest watermark from `from` to `to`, only if nobody moved it meanwhile: of two
 * runs at once (two instances), one wins and queues the e-mail, the other changes nothing.
 */
export async function advanceDigest(
  db: Db,
  userId: string,
  from: string,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('notification_settings')
    .set({ digestAfter: to, lastDigestAt: at })
    .where('user_id', '=', userId)
    .where('digestAfter', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

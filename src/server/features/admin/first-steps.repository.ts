import type { Db } from '../../db/db'

// What the first steps look at: one small query each, answering whether there is any such row.

const any = async (rows: Promise<unknown[]>) => (await rows).length > 0

export function logoUploaded(db: Db) {
  return any(db.selectFrom('site_images').select('kind').where('kind', '=', 'logo').limit(1).execute())
}

export function productExists(db: Db) {
  return any(db.selectFrom('products').select('id').where('deletedAt', 'is', null).limit(1).execute())
}

/** An invitation was sent (whatever became of it), or someone is staff. */
export async function staffInvitedOrPresent(db: Db) {
  return (
    (await any(db.selectFrom('invitations').select('id').limit(1).execute())) ||
    (await any(db.selectFrom('users').select('id').where('role', '=', 'staff').limit(1).execute()))
  )
}

/** The mailbox was read successfully at least once. */
export function mailboxReached(db: Db, mailbox: string) {
  return any(
    db
      .selectFrom('inbound_mailbox_state')
      .select('mailbox')
      .where('mailbox', '=', mailbox)
      .where('last_success_at', 'is not', null)
      .limit(1)
      .execute(),
  )
}

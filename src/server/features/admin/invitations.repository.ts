import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'

// Invitations are open (listed, resendable, revocable, acceptable before their expiry) until accepted
// or revoked.

export function insertInvitation(db: Db, row: DB['invitations']) {
  return db.insertInto('invitations').values(row).execute()
}

/** Open invitations, newest first, with the inviter's name. */
export function listOpenInvitations(db: Db) {
  return db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .selectAll('invitations')
    .select('users.name as inviter_name')
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute()
}

export function findOpenInvitation(db: Db, id: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

export function findOpenInvitationByEmail(db: Db, email: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** A new link for an open invitation: the old token stops working. */
export async function renewInvitationToken(
  db: Db,
  id: string,
  changes: { token_hash: string; sent_at: string; expires_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(changes)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function revokeInvitation(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Marks an open invitation used; of two concurrent accepts only one updates the row. */
export async function markInvitationAccepted(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function setAcceptedUser(db: Db, id: string, userId: string) {
  return db.updateTable('invitations').set({ accepted_user_id: userId }).where('id', '=', id).execute()
}

/** Revokes every open invitation an inviter sent; answers the ids and addresses revoked. */
export async function revokeInvitationsBy(db: Db, inviterId: string, at: string) {
  const open = await db
    .selectFrom('invitations')
    .select(['id', 'email'])
    .where('invited_by', '=', inviterId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  if (open.length === 0) return open
  await db
    .updateTable('invitations')
    .set({ revoked_at: at })
    .where(
      'id',
      'in',
      open.map((row) => row.id),
    )
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  return open
}

import type { Role, StaffFunction } from '../../../shared/enums'
import type { Db } from '../../db/db'
import type { AccessCapability } from '../../db/schema'

// When each user's access through their role or a staff function began, so the inbox starts there
// (docs/decisions/0060): a person made an admin, or given AccessShop, does not inherit the backlog of
// everything those roles were told before. Folder access needs no table of its own: a grant's
// createdAt is when it began (a level change keeps it; a revoked grant is deleted, a re-added one
// starts again).
//
// A capability held without a row (the account was made with it, or before this was recorded)
// counts from the account's creation.

/** What a role and its functions give access to: admins everything, staff their functions. */
export function heldCapabilities(role: Role, staffFunctions: readonly StaffFunction[]): AccessCapability[] {
  if (role === 'admin') return ['admin']
  if (role === 'staff') return [...staffFunctions]
  return []
}

/**
 * Records the change from `before` to `after` (call it in the transaction that changes the role or
 * functions): a capability gained starts now, one lost forgets its start, so losing and regaining it
 * starts afresh.
 */
export async function recordAccessStarts(
  trx: Db,
  userId: string,
  before: readonly AccessCapability[],
  after: readonly AccessCapability[],
  now: Date,
): Promise<void> {
  const lost = before.filter((c) => !after.includes(c))
  const gained = after.filter((c) => !before.includes(c))
  if (lost.length > 0) {
    await trx
      .deleteFrom('staff_access_starts')
      .where('user_id', '=', userId)
      .where('capability', 'in', lost)
      .execute()
  }
  if (gained.length > 0) {
    const startedAt = now.toISOString()
    await trx
      .insertInto('staff_access_starts')
      .values(gained.map((capability) => ({ user_id: userId, capability, startedAt })))
      .onConflict((oc) => oc.columns(['user_id', 'capability']).doUpdateSet({ startedAt }))
      .execute()
  }
}

/** The recorded starts of a user's capabilities. */
export async function loadAccessStarts(
  db: Db,
  userId: string,
): Promise<Partial<Record<AccessCapability, string>>> {
  const rows = await db
    .selectFrom('staff_access_starts')
    .select(['capability', 'startedAt'])
    .where('user_id', '=', userId)
    .execute()
  return Object.fromEntries(rows.map((r) => [r.capability, r.startedAt]))
}

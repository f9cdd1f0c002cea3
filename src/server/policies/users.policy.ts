import type { Role, StaffFunction } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'

// Who may change whom (product.md §1): only admins change roles, staff functions and restriction; an
// admin cannot demote or restrict themself, and nobody can demote or restrict the last admin.

export interface UserSnapshot {
  id: string
  role: Role
  isRestricted: boolean
}

export interface AccessChange {
  role?: Role
  staffFunctions?: readonly StaffFunction[]
  isRestricted?: boolean
}

export type Decision = { ok: true } | { ok: false; reason: string }
const allow: Decision = { ok: true }
const deny = (reason: string): Decision => ({ ok: false, reason })

export function isAdmin(actor: Caller): boolean {
  return actor.kind === 'user' && actor.role === 'admin' && !actor.isRestricted
}

/**
 * @param activeAdmins the number of unrestricted admins right now (read in the same transaction).
 */
export function decideAccessChange(
  actor: Caller,
  target: UserSnapshot,
  change: AccessChange,
  activeAdmins: number,
): Decision {
  if (!isAdmin(actor)) return deny('Only admins change roles, staff functions and restriction.')
  const self = actor.kind === 'user' && actor.id === target.id
  const losesAdmin =
    target.role === 'admin' &&
    !target.isRestricted &&
    ((change.role !== undefined && change.role !== 'admin') || change.isRestricted === true)
  if (self && change.isRestricted === true) return deny('You cannot restrict yourself.')
  if (self && change.role !== undefined && change.role !== 'admin')
    return deny('You cannot remove your own admin role.')
  if (losesAdmin && activeAdmins <= 1)
    return deny('This is the last admin: make someone else an admin first.')
  return allow
}

/** Staff functions only mean something for staff; admins hold them all by role. */
export function effectiveStaffFunctions(role: Role, requested: readonly StaffFunction[]): StaffFunction[] {
  return role === 'staff' ? [...new Set(requested)] : []
}

export function canViewUsers(actor: Caller): boolean {
  return isAdmin(actor)
}

export function canEndSessionsOf(actor: Caller, targetId: string): boolean {
  return isAdmin(actor) || (actor.kind === 'user' && !actor.isRestricted && actor.id === targetId)
}

import type { Role } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'

// Two-factor sign-in (docs/decisions/0044): who must have it, and who may take it away.

/** Staff and admins must have it once an admin turns the setting on; for customers it stays optional. */
export function twoFactorRequiredFor(role: Role, requiredForStaff: boolean): boolean {
  return requiredForStaff && (role === 'staff' || role === 'admin')
}

/** Resetting someone's second factor (they lost their phone and their codes) is for admins, never on oneself. */
export function canResetTwoFactor(actor: Caller, targetId: string): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin' && actor.id !== targetId
}

/** Whether the admins' security settings may be read and changed. */
export function canChangeSecuritySettings(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}

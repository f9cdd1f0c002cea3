import { TWO_FACTOR_GRACE_DAYS, type TwoFactorRequirement } from '../../shared/contract/two-factor'
import type { Role } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'

// Two-factor sign-in (docs/decisions/0044): who must have it, and who may take it away.

/** Whether the admins' requirement covers a role; for customers it always stays optional. */
export function twoFactorRequiredFor(role: Role, requirement: TwoFactorRequirement): boolean {
  if (requirement === 'admins') return role === 'admin'
  if (requirement === 'staff') return role === 'staff' || role === 'admin'
  return false
}

const GRACE_MS = TWO_FACTOR_GRACE_DAYS * 24 * 60 * 60 * 1000

/**
 * When a user the requirement covers must have set it up: the grace period runs from the later of
 * their first sign-in and the time the requirement was last set (`since`; null for a new site's
 * default). With neither known (never signed in), there is no deadline yet.
 */
export function twoFactorDeadline(firstSignInAt: string | null, since: string | null): Date | null {
  const anchors = [firstSignInAt, since].filter((v): v is string => v !== null).map((v) => Date.parse(v))
  if (anchors.length === 0) return null
  return new Date(Math.max(...anchors) + GRACE_MS)
}

/** Resetting someone's second factor (they lost their phone and their codes) is for admins, never on oneself. */
export function canResetTwoFactor(actor: Caller, targetId: string): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin' && actor.id !== targetId
}

/** Whether the admins' security settings may be read and changed. */
export function canChangeSecuritySettings(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}

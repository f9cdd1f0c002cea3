import type { StaffFunction } from '../../shared/enums'
import type { Actor } from './actor'

/**
 * Who may call a route at all. Every route in the route table declares one; finer rules about the
 * particular resource live in the domain policies and are checked by the service.
 *  - public: anyone, signed in or not (forms, catalogue, health)
 *  - signedIn: any signed-in user who is not restricted
 *  - admin: admins only
 *  - { staff: [...] }: admins, and staff holding at least one of the functions
 */
export type RouteAccess = 'public' | 'signedIn' | 'admin' | { staff: readonly StaffFunction[] }

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'enrolTwoFactor'

/**
 * `route.duringTwoFactorEnrolment` marks the few signed-in routes a user who must still set up
 * two-factor sign-in may call (who they are, and enrolling); every other one answers `enrolTwoFactor`.
 */
export function decideRouteAccess(
  access: RouteAccess,
  actor: Actor,
  route: { duringTwoFactorEnrolment?: boolean } = {},
): AccessDecision {
  if (access === 'public') return 'allow'
  // A restricted user is suspended: to the API they are not signed in at all (product.md §1).
  if (actor.kind === 'anonymous' || actor.isRestricted) return 'unauthenticated'
  if (actor.mustEnrolTwoFactor && !route.duringTwoFactorEnrolment) return 'enrolTwoFactor'
  if (access === 'signedIn') return 'allow'
  if (actor.role === 'admin') return 'allow'
  if (access === 'admin') return 'forbidden'
  if (actor.role === 'staff' && access.staff.some((fn) => actor.staffFunctions.includes(fn))) return 'allow'
  return 'forbidden'
}

export function describeRouteAccess(access: RouteAccess): string {
  if (access === 'public') return 'Anyone, signed in or not.'
  if (access === 'signedIn') return 'Any signed-in user who is not restricted.'
  if (access === 'admin') return 'Admins only.'
  return `Admins, and staff with ${access.staff.join(' or ')}.`
}

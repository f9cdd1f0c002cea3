import type { StaffFunction } from '../../shared/enums'
import { hasStaffFunction } from '../../shared/staff-functions'
import type { Caller } from '../lib/http/caller'

/**
 * Who may call a route at all. Every route in the route table declares one; finer rules about the
 * particular resource live in the domain policies and are checked by the service.
 *  - public: anyone, signed in or not (forms, catalogue, health)
 *  - signedIn: any signed-in user who is not restricted
 *  - admin: admins only
 *  - { staff: [...] }: admins, and staff holding at least one of the functions
 *  - metricsScraper: a monitoring system presenting METRICS_TOKEN as a bearer token, whoever is
 *    signed in; without METRICS_TOKEN configured the route does not exist
 */
export type RouteAccess =
  | 'public'
  | 'signedIn'
  | 'admin'
  | { staff: readonly StaffFunction[] }
  | 'metricsScraper'

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'notFound' | 'enrolTwoFactor'

/** What the request's bearer token is to a configured token (checked by the HTTP layer). */
export type BearerCheck = 'unconfigured' | 'absent' | 'wrong' | 'valid'

/**
 * Facts about the request and its route besides the caller, as plain values:
 *  - metricsToken: the metrics bearer compared with METRICS_TOKEN (only for `metricsScraper` routes);
 *  - duringTwoFactorEnrolment: the route is one of the few signed-in routes a user who must still set
 *    up two-factor sign-in may call (who they are, and enrolling); every other one answers
 *    `enrolTwoFactor` to them.
 */
export interface RequestCredentials {
  metricsToken?: BearerCheck
  duringTwoFactorEnrolment?: boolean
}

export function decideRouteAccess(
  access: RouteAccess,
  actor: Caller,
  credentials: RequestCredentials = {},
): AccessDecision {
  if (access === 'public') return 'allow'
  if (access === 'metricsScraper') {
    const token = credentials.metricsToken ?? 'absent'
    if (token === 'unconfigured') return 'notFound'
    return token === 'valid' ? 'allow' : 'unauthenticated'
  }
  // A restricted user is suspended: to the API they are not signed in at all (product.md §1).
  if (actor.kind === 'anonymous' || actor.isRestricted) return 'unauthenticated'
  if (actor.mustEnrolTwoFactor && !credentials.duringTwoFactorEnrolment) return 'enrolTwoFactor'
  if (access === 'signedIn') return 'allow'
  if (access === 'admin') return actor.role === 'admin' ? 'allow' : 'forbidden'
  return access.staff.some((fn) => hasStaffFunction(actor, fn)) ? 'allow' : 'forbidden'
}

/**
 * What an access token's scope allows on top of the route's access: a read-only token makes no
 * state-changing request at all, public ones included (it would still act as its user there).
 */
export function decideTokenScope(actor: Caller, method: string): AccessDecision {
  if (actor.kind !== 'user' || !actor.token?.readOnly) return 'allow'
  return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? 'allow' : 'forbidden'
}

export function describeRouteAccess(access: RouteAccess): string {
  if (access === 'public') return 'Anyone, signed in or not.'
  if (access === 'signedIn') return 'Any signed-in user who is not restricted.'
  if (access === 'admin') return 'Admins only.'
  if (access === 'metricsScraper')
    return 'A monitoring system with `Authorization: Bearer <METRICS_TOKEN>`; 404 when METRICS_TOKEN is not set.'
  return `Admins, and staff with ${access.staff.join(' or ')}.`
}

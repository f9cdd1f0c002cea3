import type { Role, StaffFunction } from '../../../shared/enums'
import { problems } from './problem'

/** Where a request came from, as the audit log records it. */
export interface RequestOrigin {
  ipAddress?: string
  userAgent?: string
}

/** Nobody signed in (or a restricted account's stale cookie: it counts as a visitor). */
export interface AnonymousCaller {
  kind: 'anonymous'
  from?: RequestOrigin
}

/** A signed-in user, as a plain snapshot read fresh on this request. */
export interface SignedInCaller {
  kind: 'user'
  id: string
  /** For notifications about what they did ("Ada uploaded …") and mails they cause. */
  name: string
  email: string
  role: Role
  /** Effective staff functions. */
  staffFunctions: readonly StaffFunction[]
  isRestricted: boolean
  emailVerified: boolean
  /**
   * Present when the caller sent a personal access token instead of a session cookie. The user's
   * role, functions and restriction are read fresh on every request either way; a read-only token
   * may read whatever the user may, and change nothing.
   */
  token?: { id: string; readOnly: boolean }
  /**
   * The admins require two-factor sign-in of this user and they have not set it up: until they
   * do, only the routes that enrol them answer (route-access.ts).
   */
  mustEnrolTwoFactor?: boolean
  /** The client address and user agent, for the audit log. */
  from?: RequestOrigin
  /** The command line (OPERATOR): every admin right, but no row in users, so it is recorded as nobody. */
  operator?: true
}

/**
 * Who is making a request. The session middleware (accounts/session-actor.middleware.ts) builds it
 * once per API request from the session cookie or access token and puts it on `c.var.caller`;
 * policies decide on it alone, services pass it on to say who acted.
 */
export type Caller = AnonymousCaller | SignedInCaller

export const anonymous: Caller = { kind: 'anonymous' }

/** The operator's command line (`npm run admin`): every admin right, still bound by the last-admin rule. */
export const OPERATOR: SignedInCaller = {
  kind: 'user',
  id: 'operator',
  name: 'An administrator',
  email: '',
  role: 'admin',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: true,
  operator: true,
}

/** The person a record names as having acted: no one (null) for a visitor and for the operator. */
export interface RecordedPerson {
  id: string | null
  email: string | null
  name: string
}

/** Who the audit log, a notification or a "done by" column names for this caller. */
export function recordedAs(caller: Caller): RecordedPerson {
  if (caller.kind !== 'user') return { id: null, email: null, name: 'Someone' }
  if (caller.operator) return { id: null, email: null, name: caller.name }
  return { id: caller.id, email: caller.email, name: caller.name }
}

/**
 * The caller of a route that admits only signed-in users (the access check has already answered
 * everyone else with 401); a 401 if it is reached anonymously all the same.
 */
export function requireSignedIn(caller: Caller): SignedInCaller {
  if (caller.kind !== 'user') throw problems.unauthenticated()
  return caller
}

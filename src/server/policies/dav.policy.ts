import type { Caller } from '../lib/http/caller'

// Who may use /dav/ (docs/decisions/0091), on top of the folder rules every item still goes through.
// Only a personal access token authenticates there; a read-only token may only read.

/** The WebDAV methods that change nothing. */
export const DAV_READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND'])

export type DavDecision = 'allow' | 'unauthenticated' | 'readOnly' | 'enrolTwoFactor'

export function decideDavAccess(caller: Caller, method: string): DavDecision {
  if (caller.kind !== 'user' || caller.isRestricted || !caller.token) return 'unauthenticated'
  if (caller.mustEnrolTwoFactor) return 'enrolTwoFactor'
  if (caller.token.readOnly && !DAV_READ_METHODS.has(method.toUpperCase())) return 'readOnly'
  return 'allow'
}

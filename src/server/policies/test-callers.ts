import type { StaffFunction } from '../../shared/enums'
import type { Caller, SignedInCaller } from '../lib/http/caller'

// The signed-in callers the policy tables and the route tests are written with (tests only): a verified, unrestricted user
// with id `u` unless told otherwise.

/** A signed-in caller: a plain user, changed by `over`. */
export const user = (over: Partial<SignedInCaller> = {}): SignedInCaller => ({
  kind: 'user',
  id: 'u',
  name: 'Test person',
  email: 'person@example.com',
  role: 'user',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: true,
  ...over,
})

/** A caller by role, staff functions and restriction, the way the policy tables list actors. */
export const actor = (
  role: SignedInCaller['role'],
  staffFunctions: StaffFunction[] = [],
  isRestricted = false,
): Caller => user({ role, staffFunctions, isRestricted })

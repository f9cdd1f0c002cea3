import type { Role, StaffFunction } from '../../shared/enums'

/**
 * Who is making a request, as a plain snapshot. Policies decide on this alone, never on the database.
 * The accounts feature resolves it from the session or access token on every request; until then everyone is anonymous.
 */
export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user'
      id: string
      role: Role
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
    }

export const anonymous: Actor = { kind: 'anonymous' }

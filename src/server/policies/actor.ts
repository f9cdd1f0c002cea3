import type { Role, StaffFunction } from '../../shared/enums'

/**
 * Who is making a request, as a plain snapshot. Policies decide on this alone, never on the database.
 * The accounts feature resolves it from the session on every request; until then everyone is anonymous.
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
       * The admins require two-factor sign-in of this user and they have not set it up: until they
       * do, only the routes that enrol them answer (route-access.ts).
       */
      mustEnrolTwoFactor?: boolean
    }

export const anonymous: Actor = { kind: 'anonymous' }

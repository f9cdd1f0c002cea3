import type { Role, StaffFunction } from './enums'

/** What the rule needs to know about a person: the server's caller and the web's session user alike. */
export interface StaffFunctionHolder {
  role: Role
  staffFunctions: readonly StaffFunction[]
  /** A restricted account holds nothing (the web's session user is never restricted, so it omits this). */
  isRestricted?: boolean
}

/**
 * Admins hold every staff function; staff hold the ones given to them; customers none. A restricted
 * account counts as a visitor, so it holds none either.
 */
export function hasStaffFunction(user: StaffFunctionHolder | null | undefined, fn: StaffFunction): boolean {
  if (!user || user.isRestricted) return false
  return user.role === 'admin' || (user.role === 'staff' && user.staffFunctions.includes(fn))
}

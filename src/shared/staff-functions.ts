import { type Role, STAFF_FUNCTIONS, type StaffFunction } from './enums'

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

/** A user's staffFunctions column is JSON text; anything unknown in it is ignored rather than trusted. */
export function parseStaffFunctions(raw: string): StaffFunction[] {
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? STAFF_FUNCTIONS.filter((fn) => list.includes(fn)) : []
  } catch {
    return []
  }
}

/** What each staff function lets a person do, in words for a sentence ("You will be able to …"). */
export const STAFF_FUNCTION_DUTIES: Record<StaffFunction, string> = {
  ManageFolders: 'manage every folder and file, who may open them, and the trash',
  AccessShop: 'see the shop’s orders and customers, refund orders and run discount codes',
  UploadProducts: 'add, edit and publish the shop’s products',
  ManageFeedback: 'answer quote requests and contact messages, and see the e-book list',
}

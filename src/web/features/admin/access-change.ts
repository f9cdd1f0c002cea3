import type { AccessChangeInput } from '../../../shared/contract/admin-users'
import { type Role, STAFF_FUNCTIONS, type StaffFunction } from '../../../shared/enums'

// The user page's role form: what it starts from and what it sends.

export interface AccessForm {
  role: Role
  staffFunctions: readonly StaffFunction[]
}

/** Functions in the specification's order, without repeats: the server compares lists as given. */
export function orderedFunctions(functions: Iterable<StaffFunction>): StaffFunction[] {
  const chosen = new Set(functions)
  return STAFF_FUNCTIONS.filter((fn) => chosen.has(fn))
}

/**
 * The PATCH body for a form, or null when nothing changed. Functions are sent only for staff: users
 * hold none and admins hold all by role (the server clears them for both).
 */
export function accessChange(current: AccessForm, form: AccessForm): AccessChangeInput | null {
  const change: AccessChangeInput = {}
  if (form.role !== current.role) change.role = form.role
  if (form.role === 'staff') {
    const next = orderedFunctions(form.staffFunctions)
    const before = current.role === 'staff' ? orderedFunctions(current.staffFunctions) : []
    if (next.join() !== before.join() || change.role !== undefined) change.staffFunctions = next
  }
  return Object.keys(change).length > 0 ? change : null
}

/** The form after ticking or unticking one function. */
export function toggleFunction(form: AccessForm, fn: StaffFunction, on: boolean): AccessForm {
  const chosen = new Set(form.staffFunctions)
  if (on) chosen.add(fn)
  else chosen.delete(fn)
  return { ...form, staffFunctions: orderedFunctions(chosen) }
}

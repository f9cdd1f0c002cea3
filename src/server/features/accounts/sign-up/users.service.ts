import type { AccountType, Role, StaffFunction } from '../../../../shared/enums'
import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { effectiveStaffFunctions } from '../../../policies/users.policy'
import { hashPassword, passwordProblem } from '../passwords'
import { findUserByEmail, insertUser, normalizeEmail } from '../users.repository'

export interface NewUser {
  email: string
  password: string
  first_name: string
  last_name: string
  account_type?: AccountType
  business_name?: string | null
  industry?: string | null
  role?: Role
  staffFunctions?: readonly StaffFunction[]
  /** Operator-created and first-run admins are verified at once; sign-ups verify by e-mail. */
  verified: boolean
}

/**
 * Creates a user with a password: used by sign-up, the first-run setup and the operator command line.
 * Throws a 409 `email_taken` problem for a registered address (callers that must not reveal it catch it).
 */
export async function createUserWithPassword(deps: Pick<AppDeps, 'database' | 'clock'>, input: NewUser) {
  const email = normalizeEmail(input.email)
  const weak = passwordProblem(input.password, { email })
  if (weak) throw problems.validation({ password: [weak] })
  if (await findUserByEmail(deps.database.db, email)) {
    throw new HttpProblem(409, 'email_taken', 'An account with this e-mail address already exists.')
  }
  const now = deps.clock().toISOString()
  const role = input.role ?? 'user'
  const row = {
    id: newId(),
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    name: `${input.first_name.trim()} ${input.last_name.trim()}`.trim(),
    email,
    emailVerified: input.verified ? now : null,
    account_type: input.account_type ?? 'individual',
    password: await hashPassword(input.password),
    business_name: input.business_name ?? null,
    image: null,
    industry: input.industry ?? null,
    isRestricted: false,
    role,
    staffFunctions: JSON.stringify(effectiveStaffFunctions(role, input.staffFunctions ?? [])),
    createdAt: now,
    updatedAt: now,
  }
  try {
    await insertUser(deps.database.db, row)
  } catch (error) {
    // The unique lower(email) index caught a concurrent sign-up for the same address.
    if (/unique/i.test(String((error as Error).message))) {
      throw new HttpProblem(409, 'email_taken', 'An account with this e-mail address already exists.')
    }
    throw error
  }
  return row
}

import { z } from 'zod'
import { TWO_FACTOR_REQUIREMENTS } from '../../../../shared/contract/two-factor'
import type { Role } from '../../../../shared/enums'
import type { AppDeps } from '../../../deps'
import { defineSetting, readSetting } from '../../../lib/settings/settings'
import { twoFactorDeadline, twoFactorRequiredFor } from '../../../policies/two-factor.policy'
import * as repo from './two-factor.repository'

// Two-factor sign-in (docs/decisions/0044): what other rooms ask of it, the admins' requirement
// (decision 0112). Its use cases are in two-factor/: the second step of a sign-in (second-factor.service,
// sign-in-ticket), enrolment, recovery codes and turning it off from the profile.

type Deps = Pick<AppDeps, 'database' | 'clock'>

/**
 * The admins' requirement (decision 0112): who must set up two-factor sign-in, and since when it has
 * covered each role (the grace period's start for those already signed in). Never written on a new
 * site: admins, from their first sign-in. The migration that introduced it wrote out what an existing
 * site had.
 */
const since = z.string().nullable()
export const TWO_FACTOR_REQUIREMENT_SETTING = defineSetting({
  key: 'security.twoFactorRequirement',
  schema: z.object({
    level: z.enum(TWO_FACTOR_REQUIREMENTS),
    since: z.object({ admin: since, staff: since }),
  }),
  fallback: { level: 'admins' as const, since: { admin: null, staff: null } },
})

export interface EnrolmentState {
  /** The requirement covers the user. */
  required: boolean
  /** Required and not set up: when the grace period ends (null: not signed in yet, or set up). */
  dueBy: Date | null
  /** The grace period is over and it is still not set up: only enrolment works. */
  mustEnrol: boolean
}

const NOT_REQUIRED: EnrolmentState = { required: false, dueBy: null, mustEnrol: false }

/** Where the user stands with the admins' requirement (checked on every request of staff and admins). */
export async function twoFactorEnrolment(
  deps: Pick<Deps, 'database' | 'clock'>,
  user: { id: string; role: Role },
): Promise<EnrolmentState> {
  // Customers are never required to: no need to read the setting for them.
  if (!twoFactorRequiredFor(user.role, 'staff')) return NOT_REQUIRED
  const db = deps.database.db
  const requirement = await readSetting(db, TWO_FACTOR_REQUIREMENT_SETTING)
  if (!twoFactorRequiredFor(user.role, requirement.level)) return NOT_REQUIRED
  const facts = await repo.enrolmentFacts(db, user.id)
  if (facts.enabled) return { required: true, dueBy: null, mustEnrol: false }
  const dueBy = twoFactorDeadline(
    facts.firstSignInAt,
    requirement.since[user.role === 'admin' ? 'admin' : 'staff'],
  )
  return { required: true, dueBy, mustEnrol: dueBy !== null && deps.clock() >= dueBy }
}

/** Whether this user must set up two-factor sign-in before anything else: the grace period is over. */
export async function mustEnrolTwoFactor(
  deps: Pick<Deps, 'database' | 'clock'>,
  user: { id: string; role: Role },
) {
  return (await twoFactorEnrolment(deps, user)).mustEnrol
}

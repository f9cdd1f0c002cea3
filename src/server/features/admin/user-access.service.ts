import type { Role, StaffFunction } from '../../../shared/enums'
import { parseStaffFunctions } from '../../../shared/staff-functions'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { HttpProblem, problems } from '../../lib/http/problem'
import { losesInvitingRight } from '../../policies/invitations.policy'
import { type AccessChange, decideAccessChange, effectiveStaffFunctions } from '../../policies/users.policy'
import {
  countAccessTokensOfUser,
  deleteAccessTokensOfUser,
} from '../accounts/access-tokens/access-tokens.repository'
import { deleteSessionsOfUser } from '../accounts/sessions/sessions.repository'
import { countAdmins, findUserById, updateUser } from '../accounts/users.repository'
import { type AuditEvent, recordAudit } from '../audit/audit.service'
import { heldCapabilities, recordAccessStarts } from '../notifications/access-starts.repository'
import { announceAccessChange, notify } from '../notifications/notify'
import { revokeInvitationsOf } from './invitations.service'

type Deps = Pick<AppDeps, 'database' | 'clock'>

/**
 * Changes a user's role, staff functions or restriction in one transaction: the policy decides on a
 * fresh count of admins, restriction ends every session at once, each change is audited, and a change
 * of functions records a staffFunction notification for the user.
 */
export async function changeUserAccess(deps: Deps, by: Caller, targetId: string, change: AccessChange) {
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, targetId)
    if (!target) throw problems.notFound('No such user.')
    const decision = decideAccessChange(by, target, change, await countAdmins(trx))
    if (!decision.ok) {
      throw by.kind === 'user' && by.role === 'admin'
        ? new HttpProblem(409, 'access_change_refused', decision.reason)
        : problems.forbidden(decision.reason)
    }

    const role: Role = change.role ?? target.role
    const before = parseStaffFunctions(target.staffFunctions)
    const functions: StaffFunction[] = effectiveStaffFunctions(role, change.staffFunctions ?? before)
    const isRestricted = change.isRestricted ?? target.isRestricted
    await updateUser(trx, target.id, {
      role,
      staffFunctions: JSON.stringify(functions),
      isRestricted,
      updatedAt: now.toISOString(),
    })
    // Restriction ends every session at once (resolveSession refuses them) but keeps the rows, so a
    // tab still open can be told that the account is suspended (401 account_restricted). Lifting it
    // deletes them: a session from before the restriction never comes back to life.
    if (!isRestricted && target.isRestricted) await deleteSessionsOfUser(trx, target.id)
    // An admin's invitations speak for them: they stop with the admin's right to invite.
    if (losesInvitingRight(target, { role, isRestricted })) await revokeInvitationsOf(trx, by, target.id, now)
    // What the user is told starts when a role or function is given (docs/decisions/0060).
    await recordAccessStarts(
      trx,
      target.id,
      heldCapabilities(target.role, effectiveStaffFunctions(target.role, before)),
      heldCapabilities(role, functions),
      now,
    )

    const audit = (action: AuditEvent['action'], details: Record<string, unknown>) =>
      recordAudit(
        trx,
        {
          action,
          actor: recordedAs(by),
          target: { type: 'user', id: target.id },
          from: by.from,
          details,
        },
        now,
      )
    if (role !== target.role) await audit('role.changed', { from: target.role, to: role })
    const functionsChanged = before.join() !== functions.join()
    if (functionsChanged) {
      await audit('functions.changed', { from: before, to: functions })
      await notify(
        trx,
        {
          type: 'staffFunction',
          action: 'updated',
          actor: recordedAs(by),
          mainItem: functions.length > 0 ? functions.join(', ') : 'no staff functions',
          subItem: target.name,
          // product.md §5: the affected user and admins (admins by type, the user named).
          audience: { forAll: true, alsoUsers: [target.id] },
        },
        now,
      )
    }
    if (isRestricted !== target.isRestricted) await audit('restriction.changed', { isRestricted })
    // Their open pages refetch, and a restricted user's notification streams end.
    if (role !== target.role || functionsChanged || isRestricted !== target.isRestricted)
      await announceAccessChange(trx, target.id)
    return { id: target.id, email: target.email, role, staffFunctions: functions, isRestricted }
  })
}

/**
 * Ends every session of a user (an admin action, or the operator's) and, when asked, revokes their
 * access tokens too (decision 0111); says how many of each, and how many tokens still work.
 */
export async function endAllSessions(
  deps: Deps,
  by: Caller,
  targetId: string,
  options: { tokens: boolean },
): Promise<{ ended: number; tokensRevoked: number; tokensKept: number }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const result = await deleteSessionsOfUser(trx, targetId)
    const tokensRevoked = options.tokens ? await deleteAccessTokensOfUser(trx, targetId) : 0
    const tokensKept = options.tokens ? 0 : await countAccessTokensOfUser(trx, targetId)
    await announceAccessChange(trx, targetId)
    await recordAudit(
      trx,
      {
        action: 'sessions.revoked',
        actor: recordedAs(by),
        target: { type: 'user', id: targetId },
        from: by.from,
        // How many access tokens were revoked ("token" may not name an audit detail).
        details: { accessRevoked: tokensRevoked },
      },
      deps.clock(),
    )
    return { ended: Number(result.numDeletedRows), tokensRevoked, tokensKept }
  })
}

import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { canResetTwoFactor } from '../../policies/two-factor.policy'
import { deleteTwoFactor } from '../accounts/two-factor/two-factor.repository'
import { findUserById } from '../accounts/users.repository'
import { recordAudit } from '../audit/audit.service'
import { enqueueMail, twoFactorReset } from '../mail'
import { brandOf } from '../site/brand'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'> & Partial<Pick<AppDeps, 'mailer'>>

/**
 * Takes away a user's second factor (an admin on the users page, or the operator's command line):
 * the authenticator and recovery codes go, the action is audited, and the user is told by e-mail, in
 * one transaction. If the admins require it of them, they are asked to set it up again at their next
 * request. Says whether they had one.
 */
export async function resetTwoFactor(deps: Deps, by: Caller, targetId: string): Promise<{ reset: boolean }> {
  if (!canResetTwoFactor(by, targetId)) {
    throw problems.forbidden(
      'Admins reset other people’s two-factor sign-in; turn your own off on your profile.',
    )
  }
  const now = deps.clock()
  const reset = await deps.database.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, targetId)
    if (!target) throw problems.notFound('No such user.')
    const had = await deleteTwoFactor(trx, target.id)
    if (!had) return false
    await recordAudit(
      trx,
      {
        action: 'two_factor.reset',
        actor: recordedAs(by),
        target: { type: 'user', id: target.id },
        from: by.from,
      },
      now,
    )
    await enqueueMail(
      trx,
      { to: target.email, ...twoFactorReset(await brandOf(trx, deps.env), { firstname: target.first_name }) },
      now,
    )
    return true
  })
  if (reset) deps.mailer?.kick()
  return { reset }
}

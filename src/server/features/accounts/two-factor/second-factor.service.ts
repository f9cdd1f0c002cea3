import type { SignInErrorCode } from '../../../../shared/contract/accounts'
import { resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import type { ClientInfo } from '../sessions/sessions.service'
import { audit, checkCode, countAttempt, type Deps, throttleKey, type Who } from './code-checks'
import * as repo from './two-factor.repository'

/**
 * The second step of a sign-in whose first step (password, or an identity provider) passed: nothing
 * when the account has no second factor or the code is right, else why it is refused. Never creates
 * anything; the caller refuses the sign-in with the code returned.
 */
export async function secondFactorRefusal(
  deps: Deps,
  user: Who,
  rawCode: unknown,
  client: ClientInfo,
): Promise<{ code: SignInErrorCode; retryAfterSeconds?: number } | undefined> {
  if (!(await repo.hasTwoFactor(deps.database.db, user.id))) return undefined
  const code = typeof rawCode === 'string' ? rawCode.trim() : ''
  if (code === '') return { code: 'two_factor_required' }
  const wait = await countAttempt(deps, user.id)
  if (wait > 0) {
    await audit(deps, 'signin.failure', user, client, { reason: 'throttled', step: 'two_factor' })
    return { code: 'rate_limited', retryAfterSeconds: wait }
  }
  const matched = code.length <= 64 ? await checkCode(deps, user.id, code, { recovery: true }) : undefined
  if (!matched) {
    await audit(deps, 'signin.failure', user, client, { reason: 'two_factor_invalid' })
    return { code: 'two_factor_invalid' }
  }
  await resetRateLimit(deps.database.db, throttleKey(user.id))
  if (matched === 'recovery') {
    const left = await repo.countUnusedRecoveryCodes(deps.database.db, user.id)
    await audit(deps, 'two_factor.recovery_code_used', user, client, { left })
  }
  return undefined
}

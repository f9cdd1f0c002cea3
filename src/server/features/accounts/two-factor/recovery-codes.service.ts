import { RECOVERY_CODE_COUNT, type RecoveryCodes } from '../../../../shared/contract/two-factor'
import { resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import type { ClientInfo } from '../sessions/sessions.service'
import { audit, checkCode, type Deps, notOn, throttle, throttleKey, type Who, wrongCode } from './code-checks'
import * as repo from './two-factor.repository'
import { newRecoveryCode, recoveryCodeHash } from './two-factor-crypto'

/** New recovery codes (the old ones stop working); needs a current code from the app. */
export async function renewRecoveryCodes(
  deps: Deps,
  user: Who,
  code: string,
  from: ClientInfo,
): Promise<RecoveryCodes> {
  const db = deps.database.db
  if (!(await repo.hasTwoFactor(db, user.id))) throw notOn()
  await throttle(deps, user.id)
  if ((await checkCode(deps, user.id, code, { recovery: false })) === undefined) throw wrongCode()
  await resetRateLimit(db, throttleKey(user.id))
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await repo.replaceRecoveryCodes(db, user.id, codes.map(recoveryCodeHash), deps.clock())
  await audit(deps, 'two_factor.recovery_codes_renewed', user, from)
  return { recoveryCodes: codes }
}

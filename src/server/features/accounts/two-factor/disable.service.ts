import { problems } from '../../../lib/http/problem'
import { resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import { verifyPassword } from '../passwords'
import type { ClientInfo } from '../sessions/sessions.service'
import { findUserById } from '../users.repository'
import { audit, checkCode, type Deps, notOn, throttle, throttleKey, type Who, wrongCode } from './code-checks'
import * as repo from './two-factor.repository'

/** Turns it off: needs the password, or a code (app or recovery) from an account without a password. */
export async function disableTwoFactor(
  deps: Deps,
  user: Who,
  proof: { password?: string; code?: string },
  from: ClientInfo,
): Promise<void> {
  const db = deps.database.db
  if (!(await repo.hasTwoFactor(db, user.id))) throw notOn()
  await throttle(deps, user.id)
  if (proof.password) {
    const row = await findUserById(db, user.id)
    if (!row?.password || !(await verifyPassword(row.password, proof.password)))
      throw problems.validation({ password: ['That is not your current password.'] })
  } else if (!proof.code || !(await checkCode(deps, user.id, proof.code, { recovery: true }))) {
    throw wrongCode()
  }
  await resetRateLimit(db, throttleKey(user.id))
  await db.transaction().execute((trx) => repo.deleteTwoFactor(trx, user.id))
  await audit(deps, 'two_factor.disabled', user, from)
}

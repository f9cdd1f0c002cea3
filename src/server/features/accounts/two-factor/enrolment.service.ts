import QRCode from 'qrcode'
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../../shared/contract/two-factor'
import type { Role } from '../../../../shared/enums'
import { problems } from '../../../lib/http/problem'
import { resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import type { ClientInfo } from '../sessions/sessions.service'
import {
  alreadyOn,
  audit,
  authSecret,
  type Deps,
  throttle,
  throttleKey,
  type Who,
  wrongCode,
} from './code-checks'
import * as repo from './two-factor.repository'
import { twoFactorEnrolment } from './two-factor.service'
import {
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  totpFor,
} from './two-factor-crypto'

// Setting two-factor sign-in up from the profile: where the user stands, a new secret, its confirmation.

export async function twoFactorStatus(
  deps: Deps,
  user: { id: string; role: Role },
): Promise<TwoFactorStatus> {
  const db = deps.database.db
  const row = await repo.findTwoFactor(db, user.id)
  const { required, dueBy } = await twoFactorEnrolment(deps, user)
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt ?? null,
    recoveryCodesLeft: row?.enabledAt ? await repo.countUnusedRecoveryCodes(db, user.id) : 0,
    required,
    dueBy: dueBy?.toISOString() ?? null,
  }
}

/** A new secret for the authenticator app; replaces an unconfirmed one, never a confirmed one. */
export async function startEnrolment(deps: Deps, user: Who): Promise<TwoFactorSetup> {
  const secret = newTotpSecret()
  const saved = await repo.savePendingSecret(
    deps.database.db,
    user.id,
    sealSecret(authSecret(deps), secret),
    deps.clock().toISOString(),
  )
  if (!saved) throw alreadyOn()
  const otpauthUri = totpFor(secret, user.email, deps.env.business.name).toString()
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** Confirms the enrolment with a current code from the app; answers the recovery codes, once. */
export async function confirmEnrolment(
  deps: Deps,
  user: Who,
  code: string,
  from: ClientInfo,
): Promise<RecoveryCodes> {
  const db = deps.database.db
  const row = await repo.findTwoFactor(db, user.id)
  if (row?.enabledAt) throw alreadyOn()
  if (!row)
    throw problems.conflict(
      'Start the set-up again: there is no new secret to confirm.',
      'two_factor_not_started',
    )
  await throttle(deps, user.id)
  const secret = openSecret(authSecret(deps), row.secret)
  const step = secret === undefined ? undefined : matchTotp(secret, code, deps.clock())
  if (step === undefined || !(await repo.claimStep(db, user.id, step))) throw wrongCode()
  const now = deps.clock()
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    if (!(await repo.markEnabled(trx, user.id, now.toISOString()))) throw alreadyOn()
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash), now)
  })
  await resetRateLimit(db, throttleKey(user.id))
  await audit(deps, 'two_factor.enabled', user, from)
  return { recoveryCodes: codes }
}

import { CredentialsSignin } from '@auth/core/errors'
import { credentialsSchema, type SignInErrorCode } from '../../../../shared/contract/accounts'
import type { AppDeps } from '../../../deps'
import { recordAudit } from '../../audit/audit.service'
import { burnPasswordCheck, verifyPassword } from '../passwords'
import type { ClientInfo } from '../sessions/sessions.service'
import { secondFactorRefusal } from '../two-factor/second-factor.service'
import { findUserByEmail, normalizeEmail } from '../users.repository'
import { admitSignInAttempt, signInSucceeded } from './signin-throttle'

/**
 * A refused credentials sign-in; Auth.js sends `code` to the sign-in page as ?code=…. A throttled one
 * carries the wait, for the route to answer 429 with Retry-After instead.
 */
export class SignInRefused extends CredentialsSignin {
  constructor(
    code: SignInErrorCode,
    readonly retryAfterSeconds?: number,
  ) {
    super()
    this.code = code
  }
}

/**
 * Checks an e-mail and password for Auth.js's credentials provider. The order matters:
 * throttle first (the attempt is counted before the check, so a locked account is not even checked
 * and concurrent attempts cannot slip past the limit), then the password (an unknown address costs
 * the same time as a known one), and only after a correct password does the answer say that the
 * account is restricted or unverified — so none of these reveal whether an address is registered.
 */
export async function authorizeCredentials(
  deps: AppDeps,
  raw: Partial<Record<string, unknown>>,
  client: ClientInfo,
) {
  const parsed = credentialsSchema.safeParse(raw)
  if (!parsed.success) throw new SignInRefused('invalid_credentials')
  const email = normalizeEmail(parsed.data.email)
  const { password } = parsed.data
  const audit = (details: Record<string, unknown>, actorId: string | null = null) =>
    recordAudit(
      deps.database.db,
      { action: 'signin.failure', actor: { id: actorId, email }, from: client, details },
      deps.clock(),
    )

  const admission = await admitSignInAttempt(deps, email, client.ipAddress)
  if (!admission.admitted) {
    await audit({ reason: 'throttled' })
    throw new SignInRefused('rate_limited', admission.retryAfterSeconds)
  }

  const user = await findUserByEmail(deps.database.db, email)
  let ok = false
  if (user?.password) ok = await verifyPassword(user.password, password)
  else await burnPasswordCheck(password) // the same time as a real check: no hint that the address is unknown
  if (!user || !ok) {
    await audit({ reason: 'invalid_credentials' }, user?.id ?? null)
    throw new SignInRefused('invalid_credentials')
  }

  await signInSucceeded(deps, email, client.ipAddress)
  if (user.isRestricted) {
    await audit({ reason: 'restricted' }, user.id)
    throw new SignInRefused('restricted')
  }
  if (!user.emailVerified) {
    await audit({ reason: 'email_not_verified' }, user.id)
    throw new SignInRefused('email_not_verified')
  }
  const secondFactor = await secondFactorRefusal(deps, user, raw.code, client)
  if (secondFactor) throw new SignInRefused(secondFactor.code, secondFactor.retryAfterSeconds)
  return { id: user.id, name: user.name, email: user.email, image: user.image }
}

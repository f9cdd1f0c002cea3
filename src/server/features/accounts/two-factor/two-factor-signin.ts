import type { AppDeps } from '../../../deps'
import { recordAudit } from '../../audit/audit.service'
import type { ClientInfo } from '../sessions/sessions.service'
import { SignInRefused } from '../sign-in/credentials.service'
import { findUserById } from '../users.repository'
import { secondFactorRefusal } from './second-factor.service'
import { readTwoFactorTicket } from './sign-in-ticket'

/**
 * The second step after an identity provider (docs/decisions/0044): the credentials provider is
 * called with the ticket the provider's sign-in handed out and a code, instead of e-mail and password.
 * The provider already vouched for the person; the code is the second factor.
 */
export async function authorizeTwoFactorTicket(
  deps: AppDeps,
  raw: Partial<Record<string, unknown>>,
  client: ClientInfo,
) {
  const userId = readTwoFactorTicket(deps, raw.ticket)
  if (!userId) throw new SignInRefused('two_factor_expired')
  const user = await findUserById(deps.database.db, userId)
  if (!user) throw new SignInRefused('two_factor_expired')
  if (user.isRestricted) {
    await recordAudit(
      deps.database.db,
      {
        action: 'signin.failure',
        actor: { id: user.id, email: user.email },
        from: client,
        details: { reason: 'restricted' },
      },
      deps.clock(),
    )
    throw new SignInRefused('restricted')
  }
  const refusal = await secondFactorRefusal(deps, user, raw.code, client)
  if (refusal) throw new SignInRefused(refusal.code, refusal.retryAfterSeconds)
  return { id: user.id, name: user.name, email: user.email, image: user.image }
}

import { signingKey, signToken, verifyToken } from '../../../lib/signed-token'
import { authSecret, type Deps } from './code-checks'
import * as repo from './two-factor.repository'

// An identity provider's sign-in of an account with two-factor sign-in stops before any session and
// hands the browser a short-lived signed ticket; the credentials provider then takes the ticket and a
// code as the second step. The ticket names the user and says nothing secret.
const TICKET_LIFETIME_MS = 5 * 60 * 1000
const ticketKey = (deps: Deps) => signingKey(authSecret(deps), 'two-factor-ticket-v1')

export async function needsSecondStep(deps: Deps, userId: string): Promise<boolean> {
  return repo.hasTwoFactor(deps.database.db, userId)
}

export function issueTwoFactorTicket(deps: Deps, userId: string): string {
  return signToken(ticketKey(deps), { sub: userId, exp: deps.clock().getTime() + TICKET_LIFETIME_MS })
}

/** The user a still-valid ticket names, or undefined. */
export function readTwoFactorTicket(deps: Deps, ticket: unknown): string | undefined {
  const payload = verifyToken(ticketKey(deps), ticket)
  if (typeof payload?.sub !== 'string' || typeof payload.exp !== 'number') return undefined
  return payload.exp > deps.clock().getTime() ? payload.sub : undefined
}

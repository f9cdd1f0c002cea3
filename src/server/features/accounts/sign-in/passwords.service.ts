import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { recordAudit } from '../../audit/audit.service'
import { enqueueMail, passwordReset } from '../../mail'
import { announceAccessChange } from '../../notifications/notify'
import { brandOf } from '../../site/brand'
import { deleteAccessTokensOfUser } from '../access-tokens/access-tokens.repository'
import { hashPassword, passwordProblem, verifyPassword } from '../passwords'
import { deleteSessionsOfUser } from '../sessions/sessions.repository'
import type { ClientInfo } from '../sessions/sessions.service'
import { limitMailTo } from '../sign-up/signup.service'
import { consumeToken, issueToken, TOKEN_LIFETIME_MS } from '../sign-up/verification-tokens'
import { findUserByEmail, findUserById, normalizeEmail, updateUser } from '../users.repository'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>

/** Mails a reset link if the address has an account; answers the same either way. */
export async function requestPasswordReset(deps: Deps, rawEmail: string, client: ClientInfo): Promise<void> {
  const email = normalizeEmail(rawEmail)
  await limitMailTo(deps, 'reset', email, client)
  const user = await findUserByEmail(deps.database.db, email)
  if (!user) return
  const now = deps.clock()
  const brand = await brandOf(deps.database.db, deps.env)
  await deps.database.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, { email, firstname: user.first_name, purpose: 'reset_password' }, now)
    await enqueueMail(
      trx,
      {
        to: email,
        ...passwordReset(brand, {
          firstname: user.first_name,
          link: `${brand.baseUrl}/reset-password?token=${token}`,
          expiresInHours: TOKEN_LIFETIME_MS.reset_password / 3_600_000,
        }),
      },
      now,
    )
  })
  deps.mailer.kick()
}

/**
 * Sets a new password from a reset link, ends every session of the account (product.md §1) and revokes
 * its access tokens (decision 0111: whoever had the account may have made one). Following the link
 * proves the inbox, so an unverified address becomes verified.
 */
export async function resetPassword(
  deps: Deps,
  rawToken: string,
  password: string,
  client: ClientInfo,
): Promise<void> {
  const now = deps.clock()
  const hash = await hashPassword(password)
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, rawToken, 'reset_password', now)
    const user = row && (await findUserByEmail(trx, row.email))
    if (!row || !user)
      throw new HttpProblem(
        400,
        'invalid_token',
        'This reset link has expired or was already used. Ask for a new one.',
      )
    const weak = passwordProblem(password, { email: user.email })
    if (weak) throw problems.validation({ password: [weak] })
    const stamp = now.toISOString()
    await updateUser(trx, user.id, {
      password: hash,
      emailVerified: user.emailVerified ?? stamp,
      updatedAt: stamp,
    })
    await deleteSessionsOfUser(trx, user.id)
    const tokensRevoked = await deleteAccessTokensOfUser(trx, user.id)
    await announceAccessChange(trx, user.id)
    await recordAudit(
      trx,
      {
        action: 'password.reset',
        actor: { id: user.id, email: user.email },
        from: client,
        details: { accessRevoked: tokensRevoked }, // how many access tokens were revoked
      },
      now,
    )
  })
}

/**
 * Changes the password of a signed-in user: the current one is required; other sessions end, and the
 * account's access tokens are revoked unless the user unticked it (decision 0111).
 */
export async function changePassword(
  deps: Deps,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string; revokeAccessTokens: boolean },
  client: ClientInfo,
): Promise<void> {
  const user = await findUserById(deps.database.db, userId)
  if (!user) throw problems.unauthenticated()
  if (!user.password || !(await verifyPassword(user.password, input.currentPassword))) {
    throw problems.validation({ currentPassword: ['That is not your current password'] })
  }
  const weak = passwordProblem(input.newPassword, { email: user.email })
  if (weak) throw problems.validation({ newPassword: [weak] })
  const now = deps.clock()
  const hash = await hashPassword(input.newPassword)
  await deps.database.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password: hash, updatedAt: now.toISOString() })
    await deleteSessionsOfUser(trx, user.id, sessionId)
    const tokensRevoked = input.revokeAccessTokens ? await deleteAccessTokensOfUser(trx, user.id) : 0
    await announceAccessChange(trx, user.id)
    await recordAudit(
      trx,
      {
        action: 'password.changed',
        actor: { id: user.id, email: user.email },
        from: client,
        details: { accessRevoked: tokensRevoked }, // how many access tokens were revoked
      },
      now,
    )
  })
}

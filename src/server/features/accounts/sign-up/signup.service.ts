import type { SignUpInput } from '../../../../shared/contract/accounts'
import { safeReturnPath } from '../../../../shared/return-path'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { hitRateLimit } from '../../../lib/rate-limit/rate-limit'
import { recordAudit } from '../../audit/audit.service'
import { claimPendingShares } from '../../files/sharing/pending-shares.service'
import { type Brand, enqueueMail, signupAttemptOnExistingAccount, verifyEmail } from '../../mail'
import { brandOf } from '../../site/brand'
import { hashPassword, passwordProblem } from '../passwords'
import type { ClientInfo } from '../sessions/sessions.service'
import { findUserByEmail, normalizeEmail, updateUser } from '../users.repository'
import { maySignInByLink } from './buyer-accounts.service'
import { createUserWithPassword } from './users.service'
import { consumeToken, issueToken } from './verification-tokens'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer'>

// Mails about one address are limited so the forms cannot be used to flood someone's inbox. The
// limit keys on the address typed, registered or not, so hitting it reveals nothing either.
const MAIL_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 }
const ADDRESS_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 }

async function limitMailTo(deps: Deps, purpose: string, email: string, client: ClientInfo) {
  const now = deps.clock()
  for (const rule of [
    { key: `mail:${purpose}:${email}`, ...MAIL_LIMIT },
    { key: `mail:ip:${client.ipAddress}`, ...ADDRESS_LIMIT },
  ]) {
    const result = await hitRateLimit(deps.database.db, { ...rule, now })
    if (!result.allowed)
      throw problems.rateLimited(result.retryAfterSeconds, 'Too many e-mails requested. Try again later.')
  }
}

/**
 * Sign-up answers the same whether or not the address is registered (product.md §1). A new address
 * gets an unverified account and a verification mail; a registered one gets a mail saying someone
 * tried to sign up, with sign-in and reset links. Both take a password hash's time.
 */
export async function signUp(deps: Deps, input: SignUpInput, client: ClientInfo): Promise<void> {
  const email = normalizeEmail(input.email)
  const weak = passwordProblem(input.password, { email })
  if (weak) throw problems.validation({ password: [weak] })
  await limitMailTo(deps, 'signup', email, client)
  const now = deps.clock()
  const brand = await brandOf(deps.database.db, deps.env)

  const existing = await findUserByEmail(deps.database.db, email)
  if (existing) {
    await hashPassword(input.password) // the same work as a real sign-up
    await enqueueMail(
      deps.database.db,
      {
        to: email,
        ...signupAttemptOnExistingAccount(brand, {
          firstname: existing.first_name,
          signInLink: `${brand.baseUrl}/sign-in`,
          resetLink: `${brand.baseUrl}/forgot-password`,
        }),
      },
      now,
    )
    deps.mailer.kick()
    return
  }

  try {
    await deps.database.db.transaction().execute(async (trx) => {
      const user = await createUserWithPassword(
        { database: { ...deps.database, db: trx }, clock: deps.clock },
        { ...input, email, verified: false },
      )
      await mailVerificationLink(
        trx,
        brand,
        { email, firstname: user.first_name, back: input.callbackUrl },
        now,
      )
      await recordAudit(trx, { action: 'signup', actor: { id: user.id, email }, from: client }, now)
    })
  } catch (error) {
    // Two sign-ups for one new address at once: the loser is answered like any registered address.
    if (error instanceof HttpProblem && error.code === 'email_taken') return
    throw error
  }
  deps.mailer.kick()
}

/**
 * Confirms an address from the link in the verification mail (a POST from the page, never the GET).
 * The link proves the mailbox, so the person is signed in too (`signIn`), unless the account has a
 * second factor or is suspended: those sign in with their password as always.
 */
export async function confirmEmail(
  deps: Deps,
  rawToken: string,
): Promise<{ email: string; user: { id: string; email: string }; signIn: boolean }> {
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, rawToken, 'verify_email', now)
    const user = row && (await findUserByEmail(trx, row.email))
    if (!row || !user)
      throw new HttpProblem(
        400,
        'invalid_token',
        'This link has expired or was already used. Ask for a new one.',
      )
    if (!user.emailVerified)
      await updateUser(trx, user.id, { emailVerified: now.toISOString(), updatedAt: now.toISOString() })
    await recordAudit(trx, { action: 'email.verified', actor: { id: user.id, email: user.email } }, now)
    // Folders shared with this address before it had an account are theirs now.
    await claimPendingShares(trx, user, now)
    return {
      email: user.email,
      user: { id: user.id, email: user.email },
      signIn: await maySignInByLink(trx, user),
    }
  })
}

/** Sends a fresh verification link to an unverified account; answers the same for any address. */
export async function resendVerification(
  deps: Deps,
  rawEmail: string,
  client: ClientInfo,
  callbackUrl?: string,
): Promise<void> {
  const email = normalizeEmail(rawEmail)
  await limitMailTo(deps, 'verify', email, client)
  const user = await findUserByEmail(deps.database.db, email)
  if (!user || user.emailVerified || !user.password) return
  const now = deps.clock()
  const brand = await brandOf(deps.database.db, deps.env)
  await deps.database.db.transaction().execute(async (trx) => {
    await mailVerificationLink(trx, brand, { email, firstname: user.first_name, back: callbackUrl }, now)
  })
  deps.mailer.kick()
}

/**
 * Mails the address a new link that confirms it (inside the caller's transaction). The link carries
 * where to go afterwards (`back`), a path on this site only: anything else is left out.
 */
async function mailVerificationLink(
  trx: Db,
  brand: Brand,
  to: { email: string; firstname: string; back: string | undefined },
  now: Date,
) {
  const { email, firstname } = to
  const token = await issueToken(trx, { email, firstname, purpose: 'verify_email' }, now)
  const back = safeReturnPath(to.back, '/')
  const link = `${brand.baseUrl}/verify-email?token=${token}${back === '/' ? '' : `&callbackUrl=${encodeURIComponent(back)}`}`
  await enqueueMail(trx, { to: email, ...verifyEmail(brand, { firstname, link }) }, now)
}

export { limitMailTo }

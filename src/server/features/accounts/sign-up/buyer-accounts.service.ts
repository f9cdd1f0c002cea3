import type { Transaction } from 'kysely'
import type { ClaimAccountInput } from '../../../../shared/contract/accounts'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { recordAudit } from '../../audit/audit.service'
import { claimPendingShares } from '../../files/sharing/pending-shares.service'
import { hashPassword, passwordProblem } from '../passwords'
import type { ClientInfo } from '../sessions/sessions.service'
import { hasTwoFactor } from '../two-factor/two-factor.repository'
import { findUserByEmail, insertUserUnlessTaken, normalizeEmail, updateUser } from '../users.repository'
import { consumeToken, issueToken } from './verification-tokens'

// The account a guest's purchase belongs to (docs/decisions/0140). Buying needs only an e-mail
// address: the order goes to the account of that address, and an address without one gets a pending
// account (no password, not verified) that the receipt's link claims. Claiming proves the mailbox
// (the link only travels in the mail), confirms the address, sets the password and signs in.

type Deps = Pick<AppDeps, 'database' | 'clock'>

/** The id of the account for this address, made pending when there is none. Outside any transaction. */
export async function accountForPurchase(
  deps: Deps,
  rawEmail: string,
): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(rawEmail)
  const db = deps.database.db
  const existing = await findUserByEmail(db, email)
  if (existing) return { id: existing.id, email }
  const now = deps.clock().toISOString()
  // A unique-index conflict (a concurrent sign-up or purchase) inserts nothing: the winner's row is read.
  await insertUserUnlessTaken(db, {
    id: newId(),
    first_name: '',
    last_name: '',
    name: '',
    email,
    emailVerified: null,
    account_type: 'individual',
    password: null,
    business_name: null,
    image: null,
    industry: null,
    isRestricted: false,
    role: 'user',
    staffFunctions: '[]',
    createdAt: now,
    updatedAt: now,
  })
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error('the buyer account could not be made')
  return { id: user.id, email }
}

/**
 * The receipt's link that claims the account, for a buyer whose address is not confirmed yet (a
 * pending account, or a sign-up never confirmed); undefined for a confirmed account, whose buyer signs
 * in. Inside the payment's transaction; only the newest claim link of an address works.
 */
export async function claimLinkFor(
  trx: Db,
  buyer: { email: string; first_name: string; emailVerified: string | null },
  link: { baseUrl: string; returnPath: string },
  now: Date,
): Promise<string | undefined> {
  if (buyer.emailVerified) return undefined
  const token = await issueToken(
    trx,
    { email: buyer.email, firstname: buyer.first_name || null, purpose: 'claim_account' },
    now,
  )
  return `${link.baseUrl}/claim-account?token=${token}&callbackUrl=${encodeURIComponent(link.returnPath)}`
}

/** Whether a session may start without a password round trip (no second factor, not suspended). */
export async function maySignInByLink(db: Db, user: { id: string; isRestricted: boolean }): Promise<boolean> {
  return !user.isRestricted && !(await hasTwoFactor(db, user.id))
}

/** Claims the account from the receipt's link: name, password, confirmed address. */
export async function claimAccount(
  deps: Deps,
  input: ClaimAccountInput,
  client: ClientInfo,
): Promise<{ user: { id: string; email: string }; signIn: boolean }> {
  const now = deps.clock()
  const hash = await hashPassword(input.password)
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, input.token, 'claim_account', now)
    const user = row && (await findUserByEmail(trx, row.email))
    if (!row || !user)
      throw new HttpProblem(
        400,
        'invalid_token',
        'This link has expired or was already used. Sign in, or use “Forgot password” with this address.',
      )
    const weak = passwordProblem(input.password, { email: user.email })
    if (weak) throw problems.validation({ password: [weak] })
    const first = input.first_name.trim()
    const last = input.last_name.trim()
    const stamp = now.toISOString()
    await updateUser(trx, user.id, {
      first_name: first,
      last_name: last,
      name: `${first} ${last}`.trim(),
      password: hash,
      emailVerified: user.emailVerified ?? stamp,
      updatedAt: stamp,
    })
    await recordAudit(
      trx,
      { action: 'email.verified', actor: { id: user.id, email: user.email }, from: client },
      now,
    )
    await claimPendingShares(trx as Transaction<DB>, user, now)
    return { user: { id: user.id, email: user.email }, signIn: await maySignInByLink(trx, user) }
  })
}

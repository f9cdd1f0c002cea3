import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'
import { hashToken, newSecureToken } from '../secure-tokens'
import {
  deleteExpiredTokens,
  deleteToken,
  deleteTokensFor,
  findToken,
  insertToken,
} from './verification-tokens.repository'

export type TokenPurpose = DB['verification_tokens']['purpose']

/** How long each kind of link works (product.md §1: verification 24 h; a reset link is a key to the account, so 1 h). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  setup_admin: 24 * 60 * 60 * 1000,
  // A receipt is read later than a sign-up mail; after a week "forgot password" still opens the account.
  claim_account: 7 * 24 * 60 * 60 * 1000,
}

/**
 * Issues a single-use token for an address and purpose, replacing any earlier one (only the newest
 * link works). Returns the raw token for the link; only its hash is stored.
 */
export async function issueToken(
  db: Db,
  input: { email: string; firstname: string | null; purpose: TokenPurpose },
  now: Date,
) {
  await deleteTokensFor(db, input.email, input.purpose)
  const token = newSecureToken()
  await insertToken(db, {
    id: newId(now.getTime()),
    email: input.email,
    firstname: input.firstname,
    token: hashToken(token),
    purpose: input.purpose,
    expires: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
    createdAt: now.toISOString(),
  })
  return token
}

/**
 * Uses a token: deletes it (whether or not it has expired) and returns its row if it was valid.
 * The delete is the guard: of two concurrent uses, only the one that deleted the row succeeds.
 */
export async function consumeToken(db: Db, rawToken: string, purpose: TokenPurpose, now: Date) {
  const row = await findToken(db, hashToken(rawToken), purpose)
  if (!row) return undefined
  if (!(await deleteToken(db, row.id))) return undefined
  return Date.parse(row.expires) > now.getTime() ? row : undefined
}

/**
 * Deletes tokens past their expiry: consumeToken already refuses them (and says no more than for an
 * unknown token), so nothing visible changes; the table just stops keeping dead links' hashes and the
 * addresses and first names that came with them. Idempotent. Returns how many.
 */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<number> {
  return deleteExpiredTokens(db, now.toISOString())
}

import type { AppDeps } from '../../../deps'
import { hitRateLimit, releaseRateLimit, resetRateLimit } from '../../../lib/rate-limit/rate-limit'

// Sign-in attempts are throttled per account and per client address (product.md §1), in the
// database so every instance shares the counts (docs/decisions/0015, 0042). The limits, documented in
// the README:
export const SIGNIN_LIMITS = {
  /** Password checks for one e-mail address within the window; the next attempt is refused. */
  perAccount: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** Password checks from one address within the window, across all accounts (credential stuffing). */
  perAddress: { limit: 20, windowMs: 15 * 60 * 1000 },
} as const

type Deps = Pick<AppDeps, 'database' | 'clock'>

const accountKey = (email: string) => `signin:account:${email}`
const addressKey = (ip: string) => `signin:ip:${ip}`

/** The outcome of asking to check a password: admitted (the attempt is counted), or wait this long. */
export type SignInAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number }

/**
 * Counts one attempt against the client address and then the account, each in one atomic statement,
 * *before* the password is checked: of any number of concurrent attempts only the limit get through.
 * An attempt refused by the account gives its address count back, so both counters count exactly the
 * password checks that ran. An unknown e-mail is counted like a known one.
 */
export async function admitSignInAttempt(deps: Deps, email: string, ip: string): Promise<SignInAdmission> {
  const db = deps.database.db
  const now = deps.clock()
  const address = await hitRateLimit(db, { key: addressKey(ip), ...SIGNIN_LIMITS.perAddress, now })
  if (!address.allowed) return { admitted: false, retryAfterSeconds: address.retryAfterSeconds }
  const account = await hitRateLimit(db, { key: accountKey(email), ...SIGNIN_LIMITS.perAccount, now })
  if (account.allowed) return { admitted: true }
  await releaseRateLimit(db, { key: addressKey(ip), limit: SIGNIN_LIMITS.perAddress.limit, now })
  return { admitted: false, retryAfterSeconds: account.retryAfterSeconds }
}

/**
 * A correct password: the account's count is cleared, and the address gets this attempt back (a
 * failure keeps both). Many people signing in behind one address do not use up its limit.
 */
export async function signInSucceeded(deps: Deps, email: string, ip: string): Promise<void> {
  const db = deps.database.db
  await resetRateLimit(db, accountKey(email))
  await releaseRateLimit(db, {
    key: addressKey(ip),
    limit: SIGNIN_LIMITS.perAddress.limit,
    now: deps.clock(),
  })
}

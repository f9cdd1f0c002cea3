import type { AppDeps } from '../../deps'
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../lib/rate-limit/rate-limit'

// Failed sign-ins are throttled per account and per client address (product.md §1), in the
// database so every instance shares the counts. The limits, documented in the README:
export const SIGNIN_LIMITS = {
  /** Failures for one e-mail address within the window; the next attempt is refused. */
  perAccount: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** Failures from one address within the window, across all accounts (credential stuffing). */
  perAddress: { limit: 20, windowMs: 15 * 60 * 1000 },
} as const

type Deps = Pick<AppDeps, 'database' | 'clock'>

const accountKey = (email: string) => `signin:account:${email}`
const addressKey = (ip: string) => `signin:ip:${ip}`

/** Seconds until another attempt is allowed, or 0 when the caller may try now. */
export async function signInBlockedFor(deps: Deps, email: string, ip: string): Promise<number> {
  const now = deps.clock()
  const checks = [
    { key: accountKey(email), ...SIGNIN_LIMITS.perAccount },
    { key: addressKey(ip), ...SIGNIN_LIMITS.perAddress },
  ]
  let wait = 0
  for (const check of checks) {
    const state = await peekRateLimit(deps.database.db, { ...check, now })
    if (!state.allowed) wait = Math.max(wait, state.retryAfterSeconds)
  }
  return wait
}

export async function recordSignInFailure(deps: Deps, email: string, ip: string): Promise<void> {
  const now = deps.clock()
  await hitRateLimit(deps.database.db, { key: accountKey(email), ...SIGNIN_LIMITS.perAccount, now })
  await hitRateLimit(deps.database.db, { key: addressKey(ip), ...SIGNIN_LIMITS.perAddress, now })
}

/** A correct password clears the account's count (the address keeps its own). */
export async function clearSignInFailures(deps: Deps, email: string): Promise<void> {
  await resetRateLimit(deps.database.db, accountKey(email))
}

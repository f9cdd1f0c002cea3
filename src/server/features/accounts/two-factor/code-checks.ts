import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { hitRateLimit } from '../../../lib/rate-limit/rate-limit'
import { type AuditEvent, recordAudit } from '../../audit/audit.service'
import type { ClientInfo } from '../sessions/sessions.service'
import * as repo from './two-factor.repository'
import { isAuthenticatorCode, matchTotp, openSecret, recoveryCodeHash } from './two-factor-crypto'

// What the two-factor use cases share (docs/decisions/0044): the code check, its throttle, the audit
// line and the problems they answer.

export type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

/**
 * Codes are throttled per account like passwords (signin-throttle.ts): the attempt is counted before
 * the code is checked, so concurrent guesses cannot get past the limit, and a right code clears it.
 * Sign-in and the profile's actions share the count.
 */
export const TWO_FACTOR_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const
export const throttleKey = (userId: string) => `two-factor:${userId}`

/** main.ts has filled AUTH_SECRET in (from the environment, or the generated file) before any request. */
export function authSecret(deps: Deps): string {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  return deps.env.authSecret
}

export interface Who {
  id: string
  email: string
}

export function audit(
  deps: Deps,
  action: AuditEvent['action'],
  who: Who,
  from: ClientInfo | undefined,
  details = {},
) {
  return recordAudit(
    deps.database.db,
    { action, actor: { id: who.id, email: who.email }, from, details },
    deps.clock(),
  )
}

/** Counts an attempt; the seconds to wait when it is one too many, else 0. */
export async function countAttempt(deps: Deps, userId: string): Promise<number> {
  const result = await hitRateLimit(deps.database.db, {
    key: throttleKey(userId),
    ...TWO_FACTOR_LIMIT,
    now: deps.clock(),
  })
  return result.allowed ? 0 : result.retryAfterSeconds
}

/**
 * Checks a code against a confirmed authenticator: a current app code not used before, or (when
 * `recovery`) an unused recovery code, which is then used up. Says which kind matched.
 */
export async function checkCode(
  deps: Deps,
  userId: string,
  code: string,
  options: { recovery: boolean },
): Promise<'authenticator' | 'recovery' | undefined> {
  const row = await repo.findTwoFactor(deps.database.db, userId)
  if (!row?.enabledAt) return undefined
  const now = deps.clock()
  if (isAuthenticatorCode(code)) {
    const secret = openSecret(authSecret(deps), row.secret)
    const step = secret === undefined ? undefined : matchTotp(secret, code.replace(/\s+/g, ''), now)
    if (step === undefined) return undefined
    return (await repo.claimStep(deps.database.db, userId, step)) ? 'authenticator' : undefined
  }
  if (!options.recovery) return undefined
  const used = await repo.spendRecoveryCode(
    deps.database.db,
    userId,
    recoveryCodeHash(code),
    now.toISOString(),
  )
  return used ? 'recovery' : undefined
}

export async function throttle(deps: Deps, userId: string): Promise<void> {
  const wait = await countAttempt(deps, userId)
  if (wait > 0) throw problems.rateLimited(wait, 'Too many codes tried. Wait 15 minutes and try again.')
}

export const wrongCode = () =>
  problems.validation({
    code: ['That code is not right. Check the time on your phone and enter the code shown now.'],
  })
export const alreadyOn = () =>
  problems.conflict(
    'Two-factor sign-in is already on. Turn it off first to set it up again.',
    'two_factor_enabled',
  )
export const notOn = () => problems.conflict('Two-factor sign-in is not on.', 'two_factor_not_enabled')

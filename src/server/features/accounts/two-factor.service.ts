import QRCode from 'qrcode'
import { z } from 'zod'
import type { SignInErrorCode } from '../../../shared/contract/accounts'
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  TWO_FACTOR_REQUIREMENTS,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/contract/two-factor'
import type { Role } from '../../../shared/enums'
import type { AppDeps } from '../../deps'
import { problems } from '../../lib/http/problem'
import { hitRateLimit, resetRateLimit } from '../../lib/rate-limit/rate-limit'
import { defineSetting, readSetting } from '../../lib/settings/settings'
import { signingKey, signToken, verifyToken } from '../../lib/signed-token'
import { twoFactorDeadline, twoFactorRequiredFor } from '../../policies/two-factor.policy'
import { type AuditEvent, recordAudit } from '../audit/audit.service'
import { verifyPassword } from './passwords'
import type { ClientInfo } from './sessions.service'
import * as repo from './two-factor/two-factor.repository'
import {
  isAuthenticatorCode,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  totpFor,
} from './two-factor/two-factor-crypto'
import { findUserById } from './users.repository'

// Two-factor sign-in (docs/decisions/0044): enrolment and management from the profile, the second
// step of every sign-in of an account that has it, and the admins' requirement (decision 0112).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

/**
 * The admins' requirement (decision 0112): who must set up two-factor sign-in, and since when it has
 * covered each role (the grace period's start for those already signed in). Never written on a new
 * site: admins, from their first sign-in. The migration that introduced it wrote out what an existing
 * site had.
 */
const since = z.string().nullable()
export const TWO_FACTOR_REQUIREMENT_SETTING = defineSetting({
  key: 'security.twoFactorRequirement',
  schema: z.object({
    level: z.enum(TWO_FACTOR_REQUIREMENTS),
    since: z.object({ admin: since, staff: since }),
  }),
  fallback: { level: 'admins' as const, since: { admin: null, staff: null } },
})

/**
 * Codes are throttled per account like passwords (signin-throttle.ts): the attempt is counted before
 * the code is checked, so concurrent guesses cannot get past the limit, and a right code clears it.
 * Sign-in and the profile's actions share the count.
 */
export const TWO_FACTOR_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const
const throttleKey = (userId: string) => `two-factor:${userId}`

/** main.ts has filled AUTH_SECRET in (from the environment, or the generated file) before any request. */
function authSecret(deps: Deps): string {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  return deps.env.authSecret
}

interface Who {
  id: string
  email: string
}

function audit(
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
async function countAttempt(deps: Deps, userId: string): Promise<number> {
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
async function checkCode(
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

// ── Sign-in ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The second step of a sign-in whose first step (password, or an identity provider) passed: nothing
 * when the account has no second factor or the code is right, else why it is refused. Never creates
 * anything; the caller refuses the sign-in with the code returned.
 */
export async function secondFactorRefusal(
  deps: Deps,
  user: Who,
  rawCode: unknown,
  client: ClientInfo,
): Promise<{ code: SignInErrorCode; retryAfterSeconds?: number } | undefined> {
  if (!(await repo.hasTwoFactor(deps.database.db, user.id))) return undefined
  const code = typeof rawCode === 'string' ? rawCode.trim() : ''
  if (code === '') return { code: 'two_factor_required' }
  const wait = await countAttempt(deps, user.id)
  if (wait > 0) {
    await audit(deps, 'signin.failure', user, client, { reason: 'throttled', step: 'two_factor' })
    return { code: 'rate_limited', retryAfterSeconds: wait }
  }
  const matched = code.length <= 64 ? await checkCode(deps, user.id, code, { recovery: true }) : undefined
  if (!matched) {
    await audit(deps, 'signin.failure', user, client, { reason: 'two_factor_invalid' })
    return { code: 'two_factor_invalid' }
  }
  await resetRateLimit(deps.database.db, throttleKey(user.id))
  if (matched === 'recovery') {
    const left = await repo.countUnusedRecoveryCodes(deps.database.db, user.id)
    await audit(deps, 'two_factor.recovery_code_used', user, client, { left })
  }
  return undefined
}

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

// ── The admins' requirement ────────────────────────────────────────────────────────────────────────

export interface EnrolmentState {
  /** The requirement covers the user. */
  required: boolean
  /** Required and not set up: when the grace period ends (null: not signed in yet, or set up). */
  dueBy: Date | null
  /** The grace period is over and it is still not set up: only enrolment works. */
  mustEnrol: boolean
}

const NOT_REQUIRED: EnrolmentState = { required: false, dueBy: null, mustEnrol: false }

/** Where the user stands with the admins' requirement (checked on every request of staff and admins). */
export async function twoFactorEnrolment(
  deps: Pick<Deps, 'database' | 'clock'>,
  user: { id: string; role: Role },
): Promise<EnrolmentState> {
  // Customers are never required to: no need to read the setting for them.
  if (!twoFactorRequiredFor(user.role, 'staff')) return NOT_REQUIRED
  const db = deps.database.db
  const requirement = await readSetting(db, TWO_FACTOR_REQUIREMENT_SETTING)
  if (!twoFactorRequiredFor(user.role, requirement.level)) return NOT_REQUIRED
  const facts = await repo.enrolmentFacts(db, user.id)
  if (facts.enabled) return { required: true, dueBy: null, mustEnrol: false }
  const dueBy = twoFactorDeadline(
    facts.firstSignInAt,
    requirement.since[user.role === 'admin' ? 'admin' : 'staff'],
  )
  return { required: true, dueBy, mustEnrol: dueBy !== null && deps.clock() >= dueBy }
}

/** Whether this user must set up two-factor sign-in before anything else: the grace period is over. */
export async function mustEnrolTwoFactor(
  deps: Pick<Deps, 'database' | 'clock'>,
  user: { id: string; role: Role },
) {
  return (await twoFactorEnrolment(deps, user)).mustEnrol
}

// ── The profile ────────────────────────────────────────────────────────────────────────────────────

export async function twoFactorStatus(
  deps: Deps,
  user: { id: string; role: Role },
): Promise<TwoFactorStatus> {
  const db = deps.database.db
  const row = await repo.findTwoFactor(db, user.id)
  const { required, dueBy } = await twoFactorEnrolment(deps, user)
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt ?? null,
    recoveryCodesLeft: row?.enabledAt ? await repo.countUnusedRecoveryCodes(db, user.id) : 0,
    required,
    dueBy: dueBy?.toISOString() ?? null,
  }
}

/** A new secret for the authenticator app; replaces an unconfirmed one, never a confirmed one. */
export async function startEnrolment(deps: Deps, user: Who): Promise<TwoFactorSetup> {
  const secret = newTotpSecret()
  const saved = await repo.savePendingSecret(
    deps.database.db,
    user.id,
    sealSecret(authSecret(deps), secret),
    deps.clock().toISOString(),
  )
  if (!saved) throw alreadyOn()
  const otpauthUri = totpFor(secret, user.email, deps.env.business.name).toString()
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** Confirms the enrolment with a current code from the app; answers the recovery codes, once. */
export async function confirmEnrolment(
  deps: Deps,
  user: Who,
  code: string,
  from: ClientInfo,
): Promise<RecoveryCodes> {
  const db = deps.database.db
  const row = await repo.findTwoFactor(db, user.id)
  if (row?.enabledAt) throw alreadyOn()
  if (!row)
    throw problems.conflict(
      'Start the set-up again: there is no new secret to confirm.',
      'two_factor_not_started',
    )
  await throttle(deps, user.id)
  const secret = openSecret(authSecret(deps), row.secret)
  const step = secret === undefined ? undefined : matchTotp(secret, code, deps.clock())
  if (step === undefined || !(await repo.claimStep(db, user.id, step))) throw wrongCode()
  const now = deps.clock()
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    if (!(await repo.markEnabled(trx, user.id, now.toISOString()))) throw alreadyOn()
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash), now)
  })
  await resetRateLimit(db, throttleKey(user.id))
  await audit(deps, 'two_factor.enabled', user, from)
  return { recoveryCodes: codes }
}

/** New recovery codes (the old ones stop working); needs a current code from the app. */
export async function renewRecoveryCodes(
  deps: Deps,
  user: Who,
  code: string,
  from: ClientInfo,
): Promise<RecoveryCodes> {
  const db = deps.database.db
  if (!(await repo.hasTwoFactor(db, user.id))) throw notOn()
  await throttle(deps, user.id)
  if ((await checkCode(deps, user.id, code, { recovery: false })) === undefined) throw wrongCode()
  await resetRateLimit(db, throttleKey(user.id))
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await repo.replaceRecoveryCodes(db, user.id, codes.map(recoveryCodeHash), deps.clock())
  await audit(deps, 'two_factor.recovery_codes_renewed', user, from)
  return { recoveryCodes: codes }
}

/** Turns it off: needs the password, or a code (app or recovery) from an account without a password. */
export async function disableTwoFactor(
  deps: Deps,
  user: Who,
  proof: { password?: string; code?: string },
  from: ClientInfo,
): Promise<void> {
  const db = deps.database.db
  if (!(await repo.hasTwoFactor(db, user.id))) throw notOn()
  await throttle(deps, user.id)
  if (proof.password) {
    const row = await findUserById(db, user.id)
    if (!row?.password || !(await verifyPassword(row.password, proof.password)))
      throw problems.validation({ password: ['That is not your current password.'] })
  } else if (!proof.code || !(await checkCode(deps, user.id, proof.code, { recovery: true }))) {
    throw wrongCode()
  }
  await resetRateLimit(db, throttleKey(user.id))
  await db.transaction().execute((trx) => repo.deleteTwoFactor(trx, user.id))
  await audit(deps, 'two_factor.disabled', user, from)
}

async function throttle(deps: Deps, userId: string): Promise<void> {
  const wait = await countAttempt(deps, userId)
  if (wait > 0) throw problems.rateLimited(wait, 'Too many codes tried. Wait 15 minutes and try again.')
}

const wrongCode = () =>
  problems.validation({
    code: ['That code is not right. Check the time on your phone and enter the code shown now.'],
  })
const alreadyOn = () =>
  problems.conflict(
    'Two-factor sign-in is already on. Turn it off first to set it up again.',
    'two_factor_enabled',
  )
const notOn = () => problems.conflict('Two-factor sign-in is not on.', 'two_factor_not_enabled')

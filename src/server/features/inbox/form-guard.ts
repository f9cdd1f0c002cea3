import { createHash, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import { FORM_EXPIRED_CODE } from '../../../shared/contract/inbox'
import type { AppDeps } from '../../deps'
import type { Env } from '../../env'
import { HttpProblem, problems } from '../../lib/http/problem'
import { hitRateLimit } from '../../lib/rate-limit/rate-limit'
import { signingKey, signToken, verifyToken } from '../../lib/signed-token'
import type { ClientInfo } from '../accounts/sessions/sessions.service'

// Spam protection of the public forms without a captcha (product.md §4, docs/decisions/0024):
//  1. a rate limit per client address and per e-mail address (429 with Retry-After), counted in the
//     database so every instance shares it;
//  2. a honeypot field people never see: filled in, the submission is dropped;
//  3. a minimum fill time, carried by a signed issue time the form fetched when it opened: a missing,
//     tampered or too recent token drops the submission.
// A dropped submission is answered exactly like an accepted one (a bot learns nothing) and logged at
// info, without any of its content.

const FORM_TOKEN_PURPOSE = 'inbox-form-v1'
/** A form open longer than this must be reloaded (its token could otherwise be replayed for ever). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000

export type InboxForm = 'quote' | 'contact' | 'ebook'

/** Who is sending a public form, as the services need it. */
export interface Sender {
  /** The signed-in, unrestricted user, or null for a visitor. */
  userId: string | null
  client: ClientInfo
  logger: Logger
}

export function appSecret(env: Pick<Env, 'authSecret'>): string {
  if (!env.authSecret)
    throw new Error('AUTH_SECRET is not set (main.ts sets a generated one outside production)')
  return env.authSecret
}

export function issueFormToken(deps: Pick<AppDeps, 'env' | 'clock'>): string {
  const key = signingKey(appSecret(deps.env), FORM_TOKEN_PURPOSE)
  return signToken(key, { t: deps.clock().getTime(), n: randomBytes(6).toString('base64url') })
}

type Verdict = { accept: true } | { accept: false; reason: 'honeypot' | 'tampered' | 'too_fast' }

/** The honeypot and the minimum fill time. A form older than a day is refused with FORM_EXPIRED_CODE. */
export function judgeSubmission(
  deps: Pick<AppDeps, 'env' | 'clock'>,
  fields: { website?: string | undefined; formToken?: string | undefined },
): Verdict {
  if (fields.website && fields.website.trim() !== '') return { accept: false, reason: 'honeypot' }
  const payload = verifyToken(signingKey(appSecret(deps.env), FORM_TOKEN_PURPOSE), fields.formToken)
  const issuedAt = payload?.t
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return { accept: false, reason: 'tampered' }
  const age = deps.clock().getTime() - issuedAt
  if (age < deps.env.inbox.minFillSeconds * 1000) return { accept: false, reason: 'too_fast' }
  if (age > FORM_TOKEN_MAX_AGE_MS) {
    throw new HttpProblem(
      422,
      FORM_EXPIRED_CODE,
      'This form was open for more than a day. Reload the page and send it again (what you typed is kept).',
    )
  }
  return { accept: true }
}

/** Rate-limit keys hold a digest, not the address: the counters are not personal data to erase. */
function emailKey(email: string): string {
  return `inbox:email:${createHash('sha256').update(email, 'utf8').digest('base64url').slice(0, 32)}`
}

/** Counts this submission against the client address and the e-mail address; 429 over either limit. */
export async function limitSubmissions(
  deps: Pick<AppDeps, 'env' | 'clock' | 'database'>,
  client: ClientInfo,
  email: string,
): Promise<void> {
  const { limitPerIp, limitPerEmail, limitWindowMs } = deps.env.inbox
  const now = deps.clock()
  let wait = 0
  for (const rule of [
    { key: `inbox:ip:${client.ipAddress}`, limit: limitPerIp },
    { key: emailKey(email), limit: limitPerEmail },
  ]) {
    const result = await hitRateLimit(deps.database.db, { ...rule, windowMs: limitWindowMs, now })
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  if (wait > 0) {
    throw problems.rateLimited(
      wait,
      `Too many messages from you in a short time. Please try again in ${describeWait(wait)}.`,
    )
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`
}

/**
 * The whole guard, in order: rate limit (every attempt counts, dropped or not), then honeypot and fill
 * time. Returns false when the submission must be dropped silently.
 */
export async function guardSubmission(
  deps: Pick<AppDeps, 'env' | 'clock' | 'database'>,
  form: InboxForm,
  sender: Sender,
  input: { email: string; website?: string | undefined; formToken?: string | undefined },
): Promise<boolean> {
  await limitSubmissions(deps, sender.client, input.email)
  const verdict = judgeSubmission(deps, input)
  if (verdict.accept) return true
  sender.logger.info({ form, reason: verdict.reason }, 'inbox: submission dropped as spam')
  return false
}

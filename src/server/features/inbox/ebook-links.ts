import type { Env } from '../../env'
import { signingKey, signToken, verifyToken } from '../../lib/signed-token'
import { appSecret } from './form-guard'

// The e-book's e-mailed links carry signed tokens rather than stored ones (docs/decisions/0024):
//  - the link to the e-book names the request and expires after EBOOK_LINK_DAYS; a repeat request
//    mails a fresh one (older ones keep working until they expire: they open the same e-book);
//  - the unsubscribe link names the request and never expires (RFC 8058 wants it to keep working).
// Each kind has its own key, so neither can be used as the other.

export const EBOOK_LINK_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000
const LINK_PURPOSE = 'ebook-link-v1'
const UNSUBSCRIBE_PURPOSE = 'ebook-unsubscribe-v1'

type Secret = Pick<Env, 'authSecret'>

export function ebookLinkToken(env: Secret, id: string, now: Date): string {
  return signToken(signingKey(appSecret(env), LINK_PURPOSE), {
    id,
    exp: now.getTime() + EBOOK_LINK_DAYS * DAY_MS,
  })
}

export type LinkCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' }

export function readEbookLinkToken(env: Secret, token: string, now: Date): LinkCheck {
  const payload = verifyToken(signingKey(appSecret(env), LINK_PURPOSE), token)
  if (!payload || typeof payload.id !== 'string' || typeof payload.exp !== 'number') {
    return { ok: false, reason: 'invalid' }
  }
  if (payload.exp <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, id: payload.id }
}

export function unsubscribeToken(env: Secret, id: string): string {
  return signToken(signingKey(appSecret(env), UNSUBSCRIBE_PURPOSE), { id })
}

export function readUnsubscribeToken(env: Secret, token: string): string | undefined {
  const payload = verifyToken(signingKey(appSecret(env), UNSUBSCRIBE_PURPOSE), token)
  return typeof payload?.id === 'string' ? payload.id : undefined
}

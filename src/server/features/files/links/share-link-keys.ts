import type { AppDeps } from '../../../deps'
import { signingKey, signToken, verifyToken } from '../../../lib/signed-token'

// The key a password-protected link's unlock answers: a signed token naming the link and when it stops
// working, sent back as X-Share-Key or ?key= with each later request. Stateless, so any instance checks it.

const KEY_PURPOSE = 'share-link-key-v1'
const KEY_LIFETIME_MS = 12 * 60 * 60 * 1000

function keyFor(deps: AppDeps) {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  return signingKey(deps.env.authSecret, KEY_PURPOSE)
}

export function keyOpens(deps: AppDeps, key: string | undefined, linkId: string): boolean {
  const payload = verifyToken(keyFor(deps), key)
  return payload?.l === linkId && typeof payload.x === 'number' && payload.x > deps.clock().getTime()
}

export function issueKey(deps: AppDeps, linkId: string) {
  const expires = deps.clock().getTime() + KEY_LIFETIME_MS
  return {
    key: signToken(keyFor(deps), { l: linkId, x: expires }),
    expiresAt: new Date(expires).toISOString(),
  }
}

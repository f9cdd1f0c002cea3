import { createHash, createHmac } from 'node:crypto'
import type { AppDeps } from '../../../deps'
import { signingKey } from '../../../lib/signed-token'

// A link's token is derived from its id with a key only the server holds (docs/decisions/0118): the
// database keeps its SHA-256 alone, as before, yet whoever may manage the link can copy it again at any
// time. A link made under another AUTH_SECRET, or before tokens were derived, no longer matches its
// derivation: it keeps working, and only its "Copy link" is gone.

const TOKEN_PURPOSE = 'share-link-token-v1'
/** 22 base64url characters: 132 bits, the shape SHARE_TOKEN_PATTERN accepts. */
const TOKEN_LENGTH = 22

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export function shareLinkToken(deps: Pick<AppDeps, 'env'>, linkId: string): string {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  const key = signingKey(deps.env.authSecret, TOKEN_PURPOSE)
  return createHmac('sha256', key).update(linkId, 'utf8').digest('base64url').slice(0, TOKEN_LENGTH)
}

/** The link's whole address, when its token is still the one derived from its id. */
export function shareLinkUrl(
  deps: Pick<AppDeps, 'env'>,
  link: { id: string; token_hash: string },
): string | null {
  const token = shareLinkToken(deps, link.id)
  if (hashShareToken(token) !== link.token_hash) return null
  return `${deps.env.authUrl.origin}/s/${token}`
}

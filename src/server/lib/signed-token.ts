import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

// Small stateless tokens: a JSON payload and its HMAC-SHA256, both base64url, joined by a dot. Used
// where the server must later recognise something it handed out without storing it (a form's issue
// time, an e-mailed link). Not encrypted: the payload is readable, so it must hold nothing secret.
//
// Each purpose gets its own key, derived from the application secret with HKDF, so a token made for
// one purpose never verifies for another and the application secret itself never signs anything.

export type SigningKey = Buffer & { readonly __signingKey: unique symbol }

/** The key for one purpose, e.g. `inbox-form-v1`. `secret` is AUTH_SECRET (≥ 32 characters). */
export function signingKey(secret: string, purpose: string): SigningKey {
  if (secret.length < 32) throw new RangeError('the signing secret must be at least 32 characters')
  return Buffer.from(hkdfSync('sha256', secret, 'depot-signed-token', purpose, 32)) as SigningKey
}

function mac(key: SigningKey, body: string): Buffer {
  return createHmac('sha256', key).update(body, 'utf8').digest()
}

export function signToken(key: SigningKey, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
  return `${body}.${mac(key, body).toString('base64url')}`
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,4096}\.[A-Za-z0-9_-]{43}$/

/**
 * The payload of a token this key signed, or undefined for anything else: malformed, tampered with,
 * signed with another key or purpose. The signature is compared in constant time.
 */
export function verifyToken(key: SigningKey, token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return undefined
  const [body, signature] = token.split('.') as [string, string]
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(key, body)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

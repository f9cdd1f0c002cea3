import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A random token for a cookie or an e-mail link: 256 bits, URL-safe. */
export function newSecureToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * What we store instead of the token: SHA-256 is enough (the token is random, not a password), and a
 * leaked table then holds nothing that signs anyone in or verifies anything.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url')
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { hashToken } from '../secure-tokens'

// The cryptography of two-factor sign-in (docs/decisions/0044): RFC 6238 TOTP through `otpauth`
// (SHA-1, 6 digits, 30 seconds: what every authenticator app reads from a QR code), the secret
// encrypted at rest, and recovery codes.

export const TOTP_PERIOD_SECONDS = 30
/** Codes one step either side of now are accepted: clocks drift, and people type slowly. */
const TOTP_WINDOW = 1

/** A new 160-bit secret (RFC 4226's recommended length), base32 for the app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  })
}

/** The time step the code belongs to, or undefined when it is not valid around `now`. */
export function matchTotp(secret: string, code: string, now: Date): number | undefined {
  const totp = totpFor(secret, 'check', 'check')
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW })
  if (delta === null) return undefined
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() }) + delta
}

// The secret must be read back to check a code, so it cannot be hashed; it is encrypted with
// AES-256-GCM under a key derived from AUTH_SECRET, so a copy of the database alone yields nothing.
function secretKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'depot-two-factor', 'totp-secret-v1', 32))
}

export function sealSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', secretKey(authSecret), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [
    'v1',
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.')
}

/** The secret, or undefined when it cannot be opened (AUTH_SECRET changed, or the value was altered). */
export function openSecret(authSecret: string, sealed: string): string | undefined {
  const [version, iv, body, tag] = sealed.split('.')
  if (version !== 'v1' || !iv || !body || !tag) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(authSecret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789' // no 0/o, 1/l/i: read off paper

/**
 * A recovery code: 16 characters from a 31-letter alphabet (79 bits), shown as four groups of four.
 * Random enough that SHA-256 (hashToken) is the right way to store it, as for our other tokens.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(16)
  let code = ''
  for (let i = 0; i < 16; i++) {
    // 256 is not a multiple of 31; rejection-free but with a tiny bias is not acceptable for secrets,
    // so draw again for the few bytes above the largest multiple.
    let b = bytes[i]!
    while (b >= 248) b = randomBytes(1)[0]!
    code += RECOVERY_ALPHABET[b % 31]
    if (i % 4 === 3 && i < 15) code += '-'
  }
  return code
}

/** What a typed recovery code is compared as: lower case, without spaces and dashes. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''))
}

/** Whether a typed code looks like one from the app (6 digits) rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''))
}

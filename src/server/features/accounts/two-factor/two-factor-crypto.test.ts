import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import {
  isAuthenticatorCode,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
} from './two-factor-crypto'

const AUTH_SECRET = 'a-test-secret-a-test-secret-0123456789'

describe('two-factor crypto', () => {
  it('seals the secret so only the same AUTH_SECRET opens it, and tampering is detected', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const sealed = sealSecret(AUTH_SECRET, secret)
    expect(sealed).not.toContain(secret)
    expect(sealSecret(AUTH_SECRET, secret)).not.toBe(sealed) // a fresh IV each time
    expect(openSecret(AUTH_SECRET, sealed)).toBe(secret)
    expect(openSecret(`${AUTH_SECRET}-rotated`, sealed)).toBeUndefined()
    const [v, iv, body, tag] = sealed.split('.')
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`
    expect(openSecret(AUTH_SECRET, [v, iv, flipped, tag].join('.'))).toBeUndefined()
    expect(openSecret(AUTH_SECRET, 'garbage')).toBeUndefined()
  })

  it('matches a code within one step of now and names its step', () => {
    const secret = newTotpSecret()
    const now = new Date('2026-11-25T10:00:10Z')
    const step = Math.floor(now.getTime() / 30_000)
    const at = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms })
    expect(matchTotp(secret, at(now.getTime()), now)).toBe(step)
    expect(matchTotp(secret, at(now.getTime() - 30_000), now)).toBe(step - 1)
    expect(matchTotp(secret, at(now.getTime() + 30_000), now)).toBe(step + 1)
    expect(matchTotp(secret, at(now.getTime() - 90_000), now)).toBeUndefined()
  })

  it('makes recovery codes of 16 unambiguous characters, compared without case or dashes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode)
    expect(new Set(codes).size).toBe(200)
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/)
    const code = codes[0]!
    expect(recoveryCodeHash(code.toUpperCase().replaceAll('-', ' '))).toBe(recoveryCodeHash(code))
    expect(recoveryCodeHash(code)).not.toContain(code.replaceAll('-', ''))
    expect(isAuthenticatorCode('123 456')).toBe(true)
    expect(isAuthenticatorCode(code)).toBe(false)
  })
})

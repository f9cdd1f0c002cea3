import { describe, expect, it } from 'vitest'
import { signingKey, signToken, verifyToken } from './signed-token'

const SECRET = 'a-test-secret-that-is-long-enough-0123456789'

describe('signed tokens', () => {
  it('round-trips a payload', () => {
    const key = signingKey(SECRET, 'test-v1')
    const token = signToken(key, { t: 1234, id: 'abc' })
    expect(verifyToken(key, token)).toEqual({ t: 1234, id: 'abc' })
  })

  it('refuses a token signed for another purpose or with another secret', () => {
    const token = signToken(signingKey(SECRET, 'a'), { t: 1 })
    expect(verifyToken(signingKey(SECRET, 'b'), token)).toBeUndefined()
    expect(verifyToken(signingKey(`${SECRET}x`, 'a'), token)).toBeUndefined()
  })

  it('refuses a changed payload, a changed signature and anything that is not a token', () => {
    const key = signingKey(SECRET, 'test-v1')
    const token = signToken(key, { t: 1 })
    const [body, sig] = token.split('.') as [string, string]
    const forged = Buffer.from(JSON.stringify({ t: 2 })).toString('base64url')
    expect(verifyToken(key, `${forged}.${sig}`)).toBeUndefined()
    expect(verifyToken(key, `${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined()
    for (const junk of [undefined, null, 42, '', 'x', 'a.b', `${body}.`, `.${sig}`, `${token}.x`]) {
      expect(verifyToken(key, junk)).toBeUndefined()
    }
  })

  it('refuses a short secret', () => {
    expect(() => signingKey('short', 'x')).toThrow(RangeError)
  })
})

import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPaystackClient } from './paystack-client'

const keys = { secretKey: 'sk_test_unit', publicKey: 'pk_test_unit' }

describe('the Paystack client', () => {
  it("opens Paystack's own checkout when it talks to Paystack", () => {
    const gateway = createPaystackClient({ ...keys, baseUrl: 'https://api.paystack.co' })
    expect(gateway.standIn).toBe(false)
    expect(gateway.checkoutUrl('abc123')).toBe('https://checkout.paystack.com/abc123')
  })

  it("sends the browser to a stand-in's own authorization page when the base URL is not Paystack's", () => {
    const gateway = createPaystackClient({ ...keys, baseUrl: 'http://emulator.internal:4010/' })
    expect(gateway.standIn).toBe(true)
    expect(gateway.checkoutUrl('abc123')).toBe('http://emulator.internal:4010/checkout/abc123')
    const mounted = createPaystackClient({
      ...keys,
      baseUrl: 'http://paystack-emulator.internal',
      pagesUrl: 'http://localhost:3000/_emulator/paystack',
    })
    expect(mounted.checkoutUrl('abc123')).toBe('http://localhost:3000/_emulator/paystack/checkout/abc123')
  })

  it('accepts only the HMAC-SHA512 of the raw body with its secret key', () => {
    const gateway = createPaystackClient({ ...keys, baseUrl: 'https://api.paystack.co' })
    const raw = new TextEncoder().encode('{"event":"charge.success"}')
    const sign = (key: string) => createHmac('sha512', key).update(raw).digest('hex')
    expect(gateway.validSignature(raw, sign(keys.secretKey))).toBe(true)
    expect(gateway.validSignature(raw, sign(keys.secretKey).toUpperCase())).toBe(true)
    expect(gateway.validSignature(raw, sign('sk_test_other'))).toBe(false)
    expect(gateway.validSignature(raw, undefined)).toBe(false)
    expect(gateway.validSignature(raw, 'not hex')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { redactPath } from './route-template'

describe('redactPath', () => {
  it('replaces segments the template names as secrets', () => {
    expect(redactPath('/api/shop/downloads/abc.def', '/api/shop/downloads/:token')).toBe(
      '/api/shop/downloads/[redacted]',
    )
    expect(
      redactPath('/_emulator/paystack/checkout/ac_123', '/_emulator/paystack/checkout/:access_code'),
    ).toBe('/_emulator/paystack/checkout/[redacted]')
  })

  it('keeps ids and names, and redacts long opaque segments even without a template', () => {
    const id = '0193a3f0-1c2d-7e4f-8a9b-0c1d2e3f4a5b'
    expect(redactPath(`/api/files/${id}/download`, '/api/files/:id/download')).toBe(
      `/api/files/${id}/download`,
    )
    expect(redactPath('/assets/index-Bq3x9.js', undefined)).toBe('/assets/index-Bq3x9.js')
    expect(redactPath(`/x/${'a'.repeat(40)}`, undefined)).toBe('/x/[redacted]')
  })
})

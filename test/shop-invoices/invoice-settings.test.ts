import { beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call, offContract } from '../support/typed-client'

// What invoices print beyond the order: the business's tax number and VAT rate (site identity, admins)
// and the buyer's billing details (their profile); bad values are refused field by field.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

const identity = { name: 'Shop', address: '', supportEmail: '', accentColor: '#4338ca' }

describe('invoice settings', () => {
  it('the site keeps a tax number and a VAT rate; bad ones are refused with field messages', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const saved = await call(admin, 'PUT', '/api/admin/site', {
      ...identity,
      taxNumber: 'VAT 12-34',
      vatPercent: 7.5,
    })
    expect(saved).toMatchObject({ taxNumber: 'VAT 12-34', vatPercent: 7.5 })
    expect(await call(t, 'GET', '/api/site')).toMatchObject({ taxNumber: 'VAT 12-34', vatPercent: 7.5 })
    const bad = await call(
      admin,
      'PUT',
      '/api/admin/site',
      offContract({ ...identity, taxNumber: 'a<b>', vatPercent: 7.555 }),
      422,
    )
    expect(bad.errors?.taxNumber?.[0]).toContain('letters, digits')
    expect(bad.errors?.vatPercent?.[0]).toBe('Use at most two decimals')
  })

  it('a buyer keeps a billing address and tax number, and clears them', async () => {
    const buyer = await signedIn(t)
    await call(buyer, 'PATCH', '/api/me', { billing_address: ' 1 Marina \n\n Lagos ', tax_number: 'TIN 9' })
    expect(await call(buyer, 'GET', '/api/me')).toMatchObject({
      billing_address: '1 Marina\nLagos',
      tax_number: 'TIN 9',
    })
    await call(buyer, 'PATCH', '/api/me', { billing_address: '', tax_number: '' })
    expect(await call(buyer, 'GET', '/api/me')).toMatchObject({ billing_address: null, tax_number: null })
    const bad = await call(
      buyer,
      'PATCH',
      '/api/me',
      offContract({ billing_address: '1\n2\n3\n4\n5\n6\n7' }),
      422,
    )
    expect(bad.errors?.billing_address?.[0]).toBe('Use at most 6 lines')
  })
})

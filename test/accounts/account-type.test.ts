import { describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'

// A user changes their account type on the profile: corporate needs a business name and industry
// (as at sign-up); back to individual keeps whatever business details they had, optional again.
describe('account type', () => {
  it('becomes corporate only with a business name and industry, and individual again', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    // As an account made through an identity provider: no password, individual by default.
    await t.database.db.updateTable('users').set({ password: null }).where('id', '=', user.id).execute()

    const missing = await client.json('/api/me', 'PATCH', { account_type: 'corporate' })
    expect(missing.status).toBe(422)
    expect((await missing.json()).errors).toEqual({
      business_name: ['A corporate account needs a business name'],
      industry: ['A corporate account needs an industry'],
    })
    expect((await (await client.json('/api/me')).json()).account_type).toBe('individual')

    const corporate = await client.json('/api/me', 'PATCH', {
      account_type: 'corporate',
      business_name: 'Acme Ltd',
      industry: 'Retail',
    })
    expect(corporate.status).toBe(200)
    expect(await corporate.json()).toMatchObject({
      account_type: 'corporate',
      business_name: 'Acme Ltd',
      industry: 'Retail',
      hasPassword: false,
    })
    // The session the header reads says so too.
    expect((await (await client.request('/api/auth/session')).json()).user.account_type).toBe('corporate')

    const individual = await client.json('/api/me', 'PATCH', {
      account_type: 'individual',
      business_name: '',
    })
    expect(individual.status).toBe(200)
    expect(await individual.json()).toMatchObject({ account_type: 'individual', business_name: null })

    const bad = await client.json('/api/me', 'PATCH', { account_type: 'company' })
    expect(bad.status).toBe(422)
    expect((await bad.json()).errors).toHaveProperty('account_type')
  })
})

import { describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// A user changes their account type on the profile: corporate needs a business name and industry
// (as at sign-up); back to individual keeps whatever business details they had, optional again.
describe('account type', () => {
  it('becomes corporate only with a business name and industry, and individual again', async () => {
    const t = await createTestApp()
    const { client, ...user } = await signedIn(t)
    // As an account made through an identity provider: no password, individual by default.
    await t.database.db.updateTable('users').set({ password: null }).where('id', '=', user.id).execute()

    const missing = await call(client, 'PATCH', '/api/me', { account_type: 'corporate' }, 422)
    expect(missing.errors).toEqual({
      business_name: ['A corporate account needs a business name'],
      industry: ['A corporate account needs an industry'],
    })
    expect((await call(client, 'GET', '/api/me')).account_type).toBe('individual')

    const corporate = await call(
      client,
      'PATCH',
      '/api/me',
      {
        account_type: 'corporate',
        business_name: 'Acme Ltd',
        industry: 'Retail',
      },
      200,
    )
    expect(corporate).toMatchObject({
      account_type: 'corporate',
      business_name: 'Acme Ltd',
      industry: 'Retail',
      hasPassword: false,
    })
    // The session the header reads says so too.
    expect((await (await client.request('/api/auth/session')).json()).user.account_type).toBe('corporate')

    const individual = await call(
      client,
      'PATCH',
      '/api/me',
      {
        account_type: 'individual',
        business_name: '',
      },
      200,
    )
    expect(individual).toMatchObject({ account_type: 'individual', business_name: null })

    const bad = await call(client, 'PATCH', '/api/me', { account_type: 'company' }, 422)
    expect(bad.errors).toHaveProperty('account_type')
  })
})

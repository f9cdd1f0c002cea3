import { describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// A tab still signed in when an admin restricts the account is told why its session ended, so the web
// can sign it out and say that the account is suspended.
describe('restricted sessions', () => {
  it('answers 401 account_restricted to a restricted user’s open session, until it signs out', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const adminUser = await insertUserWithPassword(db, 'admin passphrase!', { role: 'admin' })
    const member = await insertUserWithPassword(db, 'member passphrase!')
    const admin = new CookieClient(t.app)
    await admin.signIn(adminUser.email, adminUser.plainPassword)
    const tab = new CookieClient(t.app)
    await tab.signIn(member.email, member.plainPassword)
    const otherTab = new CookieClient(t.app)
    await otherTab.signIn(member.email, member.plainPassword)
    await call(tab, 'GET', '/api/me', undefined, 200)

    const restricted = await call(admin, 'PATCH', `/api/admin/users/${member.id}`, { isRestricted: true })
    expect(restricted).toMatchObject({ isRestricted: true, sessions: 0 })

    const me = await call(tab, 'GET', '/api/me', undefined, 401)
    const problem = me
    expect(problem.code).toBe('account_restricted')
    expect(problem.detail).toMatch(/suspended/)
    // Public routes too: the tab learns it on whatever it asks next.
    expect((await call(tab, 'GET', '/api/notifications', undefined, 401)).code).toBe('account_restricted')
    // Auth.js's routes stay reachable: the session reads as signed out, and signing out works.
    expect(await (await tab.request('/api/auth/session')).json()).toBeNull()
    const csrfToken = await tab.csrfToken()
    await tab.postForm('/api/auth/signout', { csrfToken, callbackUrl: '/' })
    const after = await call(tab, 'GET', '/api/me', undefined, 401)
    expect(after.code).toBe('unauthenticated')

    // Lifting the restriction does not bring the old sessions back.
    await call(admin, 'PATCH', `/api/admin/users/${member.id}`, { isRestricted: false })
    const old = await call(otherTab, 'GET', '/api/me', undefined, 401)
    expect(old.code).toBe('unauthenticated')
    const fresh = new CookieClient(t.app)
    await fresh.signIn(member.email, member.plainPassword)
    await call(fresh, 'GET', '/api/me', undefined, 200)
  })
})

import { describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp } from '../support/test-app'

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
    expect((await tab.json('/api/me')).status).toBe(200)

    const restricted = await admin.json(`/api/admin/users/${member.id}`, 'PATCH', { isRestricted: true })
    expect(await restricted.json()).toMatchObject({ isRestricted: true, sessions: 0 })

    const me = await tab.json('/api/me')
    expect(me.status).toBe(401)
    const problem = await me.json()
    expect(problem.code).toBe('account_restricted')
    expect(problem.detail).toMatch(/suspended/)
    // Public routes too: the tab learns it on whatever it asks next.
    expect((await (await tab.json('/api/notifications')).json()).code).toBe('account_restricted')
    // Auth.js's routes stay reachable: the session reads as signed out, and signing out works.
    expect(await (await tab.request('/api/auth/session')).json()).toBeNull()
    const csrfToken = await tab.csrfToken()
    await tab.postForm('/api/auth/signout', { csrfToken, callbackUrl: '/' })
    const after = await tab.json('/api/me')
    expect(after.status).toBe(401)
    expect((await after.json()).code).toBe('unauthenticated')

    // Lifting the restriction does not bring the old sessions back.
    await admin.json(`/api/admin/users/${member.id}`, 'PATCH', { isRestricted: false })
    const old = await otherTab.json('/api/me')
    expect(old.status).toBe(401)
    expect((await old.json()).code).toBe('unauthenticated')
    const fresh = new CookieClient(t.app)
    await fresh.signIn(member.email, member.plainPassword)
    expect((await fresh.json('/api/me')).status).toBe(200)
  })
})

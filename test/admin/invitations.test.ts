import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword, signedIn } from '../support/people'
import { SmtpSink } from '../support/smtp-sink'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Invitations: an admin invites by e-mail with a role and functions; the mailed link (received by a
// real SMTP server on loopback) sets the invitee's name and password; the account is verified at once.
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

let counter = 0
const uniqueEmail = () => `invitee${++counter}.${Date.now()}@example.com`
const PASSWORD = 'invited and welcome 42'

async function setUp() {
  const t = await createTestApp({ env: { SMTP_URL: sink.url } })
  const me = await signedIn(t, { role: 'admin', first_name: 'Ada', last_name: 'Admin' })
  const admin = me.client
  return { t, admin, adminId: me.id, signInAgain: () => admin.signIn(me.email, me.plainPassword) }
}

async function linkTokenFor(t: TestApp, to: string): Promise<string> {
  await t.mail.drainOnce()
  const mail = sink.received.filter((m) => m.envelope.to.includes(to)).at(-1)
  if (!mail) throw new Error(`no mail for ${to}`)
  expect(mail.headers.get('subject')).toMatch(/invited/i)
  const match = (mail.text ?? '').match(/https?:\/\/[^\s]+\/accept-invitation\?token=([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`no invitation link in:\n${mail.text}`)
  return match[1]!
}

async function invite(admin: CookieClient, body: Record<string, unknown>) {
  return admin.json('/api/admin/invitations', 'POST', body)
}

describe('invitations', () => {
  it('invites staff, mails a single-use link; accepting creates a verified staff account that signs in', async () => {
    const { t, admin, adminId } = await setUp()
    const email = uniqueEmail()
    const res = await invite(admin, {
      email: email.toUpperCase(),
      role: 'staff',
      staffFunctions: ['AccessShop'],
    })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ email, role: 'staff', staffFunctions: ['AccessShop'], status: 'pending' })

    const listed = await call(admin, 'GET', '/api/admin/invitations')
    expect(listed.items.map((i: { email: string }) => i.email)).toEqual([email])

    const token = await linkTokenFor(t, email)
    // The mail says in plain words what the invitee will be able to do, not the function's code name.
    const mail = sink.received.filter((m) => m.envelope.to.includes(email)).at(-1)!
    expect(mail.text).toContain('as staff.')
    expect(mail.text).toContain('You will be able to:\n- see the shop’s orders and customers, refund orders')
    expect(mail.text).not.toContain('AccessShop')
    expect(mail.html).toMatch(/<li[^>]*>see the shop’s orders and customers/)
    const stored = await t.database.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toBe(token) // only the hash is kept
    expect(stored.invited_by).toBe(adminId)

    const preview = await call(t, 'POST', '/api/invitations/preview', { token })
    expect(preview).toEqual({ email, role: 'staff' })

    const accepted = await call(
      t,
      'POST',
      '/api/invitations/accept',
      { token, first_name: 'Sam', last_name: 'Staff', password: PASSWORD },
      201,
    )
    expect(accepted).toEqual({ email })

    const invitee = new CookieClient(t.app)
    expect((await invitee.signIn(email, PASSWORD)).headers.get('location')).toBe('http://localhost:3000/')
    const me = await call(invitee, 'GET', '/api/me')
    expect(me).toMatchObject({ email, role: 'staff', staffFunctions: ['AccessShop'], first_name: 'Sam' })
    const user = await t.database.db
      .selectFrom('users')
      .select('emailVerified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user.emailVerified).not.toBeNull()

    // Used once: the same link is refused, and the invitation leaves the pending list.
    const again = await call(
      t,
      'POST',
      '/api/invitations/accept',
      { token, first_name: 'Eve', last_name: 'Again', password: PASSWORD },
      410,
    )
    expect(again.code).toBe('invitation_used')
    expect((await call(admin, 'GET', '/api/admin/invitations')).items).toEqual([])

    const actions = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actorId', 'targetId'])
      .where('action', 'like', 'invitation.%')
      .orderBy('createdAt')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['invitation.sent', 'invitation.accepted'])
    expect(actions[0]!.actorId).toBe(adminId)
    expect(actions[1]!.targetId).toBe(created.id)
  })

  it('refuses revoked, expired and superseded links with a clear 4xx; resend issues a working link', async () => {
    const { t, admin, signInAgain } = await setUp()
    const body = { first_name: 'Kim', last_name: 'Late', password: PASSWORD }

    const revokedEmail = uniqueEmail()
    const revoked = await (await invite(admin, { email: revokedEmail, role: 'user' })).json()
    const revokedToken = await linkTokenFor(t, revokedEmail)
    await call(admin, 'DELETE', `/api/admin/invitations/${revoked.id}`, undefined, 204)
    const refused = await call(t, 'POST', '/api/invitations/accept', { ...body, token: revokedToken }, 410)
    expect(refused.code).toBe('invitation_revoked')
    await call(admin, 'POST', `/api/admin/invitations/${revoked.id}/resend`, undefined, 404)

    // Days pass below with the admin never setting up two-factor sign-in: this site does not require it.
    await call(admin, 'PATCH', '/api/admin/security-settings', { twoFactorRequirement: 'off' }, 200)
    const lateEmail = uniqueEmail()
    const late = await (await invite(admin, { email: lateEmail, role: 'admin' })).json()
    const oldToken = await linkTokenFor(t, lateEmail)
    t.clock.advance(8 * 24 * 60 * 60 * 1000)
    const expired = await call(t, 'POST', '/api/invitations/accept', { ...body, token: oldToken }, 410)
    expect(expired.code).toBe('invitation_expired')
    await signInAgain() // the admin's own session idled out over those days
    const list = await call(admin, 'GET', '/api/admin/invitations')
    expect(list.items).toEqual([expect.objectContaining({ id: late.id, status: 'expired' })])

    const resent = await call(admin, 'POST', `/api/admin/invitations/${late.id}/resend`, undefined, 200)
    expect(resent.status).toBe('pending')
    const newToken = await linkTokenFor(t, lateEmail)
    expect(newToken).not.toBe(oldToken)
    const superseded = await call(t, 'POST', '/api/invitations/accept', { ...body, token: oldToken }, 404)
    expect(superseded.code).toBe('invitation_not_found')
    await call(t, 'POST', '/api/invitations/accept', { ...body, token: newToken }, 201)
    const adminUser = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', lateEmail)
      .executeTakeFirstOrThrow()
    expect(adminUser.role).toBe('admin')

    const actions = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'like', 'invitation.%')
      .orderBy('createdAt')
      .execute()
    expect(actions.map((a) => a.action)).toEqual([
      'invitation.sent',
      'invitation.revoked',
      'invitation.sent',
      'invitation.resent',
      'invitation.accepted',
    ])
  })

  it('stop when their admin is demoted or suspended: revoked in the same change, and re-checked on accepting', async () => {
    const { t, admin } = await setUp()
    const other = await signedIn(t, { role: 'admin' })
    const accept = (token: string) =>
      t.request('/api/invitations/accept', {
        method: 'POST',
        body: { token, first_name: 'New', last_name: 'Admin', password: PASSWORD },
      })
    const inviteAdmin = async (by: CookieClient) => {
      const email = uniqueEmail()
      expect((await invite(by, { email, role: 'admin', staffFunctions: [] })).status).toBe(201)
      return { email, token: await linkTokenFor(t, email) }
    }

    // Demoted: the open invitation is revoked with the change, and audited.
    const demotedInvite = await inviteAdmin(other.client)
    await call(admin, 'PATCH', `/api/admin/users/${other.id}`, { role: 'staff' }, 200)
    const stored = await t.database.db
      .selectFrom('invitations')
      .select('revoked_at')
      .where('email', '=', demotedInvite.email)
      .executeTakeFirstOrThrow()
    expect(stored.revoked_at).not.toBeNull()
    const refused = await accept(demotedInvite.token)
    expect(refused.status).toBe(410)
    expect((await refused.json()).code).toBe('invitation_stopped')
    await call(t, 'POST', '/api/invitations/preview', { token: demotedInvite.token }, 410)
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', '=', demotedInvite.email).execute(),
    ).toEqual([])
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'invitation.revoked')
      .execute()
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([
      { email: demotedInvite.email, reason: 'inviter_lost_admin' },
    ])

    // Suspended: the same.
    await call(admin, 'PATCH', `/api/admin/users/${other.id}`, { role: 'admin' }, 200)
    await other.client.signIn(other.email, other.plainPassword)
    const suspendedInvite = await inviteAdmin(other.client)
    await call(admin, 'PATCH', `/api/admin/users/${other.id}`, { isRestricted: true }, 200)
    const suspended = await accept(suspendedInvite.token)
    expect(suspended.status).toBe(410)
    expect((await suspended.json()).code).toBe('invitation_stopped')

    // An invitation the change did not revoke (the inviter lost the role some other way) is still checked.
    const promoted = await signedIn(t, { role: 'admin' })
    const direct = await inviteAdmin(promoted.client)
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', promoted.id).execute()
    const unbacked = await accept(direct.token)
    expect(unbacked.status).toBe(410)
    expect((await unbacked.json()).code).toBe('invitation_stopped')
    // Back to admin: the invitation works again, as nothing revoked it.
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', promoted.id).execute()
    expect((await accept(direct.token)).status).toBe(201)
  })

  it('refuses an address that has an account or an open invitation, bad input, and non-admins', async () => {
    const { t, admin } = await setUp()
    const existing = await insertUserWithPassword(t.database.db, 'staff passphrase!', {
      role: 'staff',
      functions: ['AccessShop'],
    })
    const taken = await invite(admin, { email: existing.email, role: 'staff' })
    expect(taken.status).toBe(409)
    expect((await taken.json()).code).toBe('email_taken')

    const email = uniqueEmail()
    expect((await invite(admin, { email, role: 'user' })).status).toBe(201)
    const twice = await invite(admin, { email, role: 'staff' })
    expect(twice.status).toBe(409)
    expect((await twice.json()).code).toBe('invitation_pending')

    const bad = await invite(admin, { email: 'not an address', role: 'owner' })
    expect(bad.status).toBe(422)
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['email', 'role'])

    const staff = new CookieClient(t.app)
    await staff.signIn(existing.email, existing.plainPassword)
    await call(staff, 'GET', '/api/admin/invitations', undefined, 403)
    expect((await invite(staff, { email: uniqueEmail(), role: 'admin' })).status).toBe(403)
    await call(t, 'GET', '/api/admin/invitations', undefined, 401)

    await call(
      t,
      'POST',
      '/api/invitations/accept',
      { token: 'x'.repeat(43), first_name: '', last_name: 'B', password: 'short' },
      422,
    )
    await call(t, 'POST', '/api/invitations/preview', { token: 'x'.repeat(43) }, 404)
  })
})

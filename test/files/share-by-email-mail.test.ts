import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { SmtpSink } from '../support/smtp-sink'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Sharing tells the person (docs/decisions/0123): someone with an account gets an e-mail with the
// sharer's words and a link to the folder; an address without one gets an invitation to sign up, the
// share waits for it, and it becomes theirs when they confirm that address. Real mail on loopback.

const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

async function mailTo(t: TestApp, to: string) {
  await t.mail.drainOnce()
  const mail = sink.received.filter((m) => m.envelope.to.includes(to)).at(-1)
  if (!mail) throw new Error(`no mail for ${to}`)
  return { subject: mail.headers.get('subject') ?? '', text: mail.text ?? '' }
}

let counter = 0
const uniqueEmail = () => `invitee${++counter}.${Date.now()}@example.com`

describe('sharing a folder by e-mail', () => {
  it('mails someone with an account the folder’s link and the sharer’s message', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const owner = await signedIn(t, { name: 'Kemi Owner' })
    const friend = await signedIn(t, { name: 'Tunde Friend' })
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Wedding photos' }, 201)
    await call(owner, 'POST', `/api/folders/${top.id}/shares`, {
      email: friend.email,
      permissionType: 'editor',
      message: 'Add yours too!',
    })
    const mail = await mailTo(t, friend.email)
    expect(mail.subject).toBe('Kemi Owner shared “Wedding photos” with you')
    expect(mail.text).toContain('Hi Tunde,')
    expect(mail.text).toContain('you can view and add files to it')
    expect(mail.text).toContain('Kemi Owner wrote:\n\nAdd yours too!')
    expect(mail.text).toContain(`http://localhost:3000/files/${top.id}`)

    // A change of level is not news by e-mail; the bell says it.
    const before = sink.received.length
    await call(owner, 'PUT', `/api/folders/${top.id}/permissions/${friend.id}`, { permissionType: 'viewer' })
    await t.mail.drainOnce()
    expect(sink.received.length).toBe(before)
  })

  it('invites an address without an account, keeps the share pending, and gives it on confirmation', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const owner = await signedIn(t, { name: 'Kemi Owner' })
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Brief' }, 201)
    const email = uniqueEmail()
    const answer = await call(owner, 'POST', `/api/folders/${top.id}/shares`, {
      email: email.toUpperCase(),
      permissionType: 'viewer',
      message: 'Here is the brief.',
    })
    expect(answer).toEqual({ email, permissionType: 'viewer' })

    const invitation = await mailTo(t, email)
    expect(invitation.subject).toBe('Kemi Owner shared “Brief” with you')
    expect(invitation.text).toContain('Here is the brief.')
    const signUpLink = invitation.text.match(/http:\/\/localhost:3000\/sign-up\?\S+/)?.[0]
    expect(signUpLink).toBeDefined()
    const link = new URL(signUpLink!)
    expect(link.searchParams.get('email')).toBe(email)
    expect(link.searchParams.get('callbackUrl')).toBe(`/files/${top.id}`)

    // The owner sees it waiting, and no grant exists yet.
    const list = await call(owner, 'GET', `/api/folders/${top.id}/permissions`)
    expect(list.pending).toEqual([
      { id: expect.any(String), email, permissionType: 'viewer', createdAt: expect.any(String) },
    ])
    expect(list.entries.map((e) => e.user.id)).toEqual([owner.id])

    // They sign up with that address and confirm it: the folder is theirs, and nothing is pending.
    const client = new CookieClient(t.app)
    await call(client, 'POST', '/api/accounts/sign-up', {
      first_name: 'Nneka',
      last_name: 'New',
      email,
      password: 'a long enough password 123',
    })
    const confirm = await mailTo(t, email)
    const token = confirm.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1]
    await call(client, 'POST', '/api/accounts/verify-email', { token: token! })
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    const after = await call(owner, 'GET', `/api/folders/${top.id}/permissions`)
    expect(after.pending).toEqual([])
    expect(after.entries.find((e) => e.user.id === user.id)).toMatchObject({
      permissionType: 'viewer',
      via: 'direct',
    })
  })

  it('gives a pending share to an account made from an admin’s invitation to that address', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const owner = await signedIn(t, { name: 'Kemi Owner' })
    const admin = await signedIn(t, { role: 'admin' })
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Handover' }, 201)
    const email = uniqueEmail()
    await call(owner, 'POST', `/api/folders/${top.id}/shares`, { email, permissionType: 'editor' })
    await call(admin, 'POST', '/api/admin/invitations', { email, role: 'staff', staffFunctions: [] }, 201)
    await t.mail.drainOnce()
    const invited = sink.received.filter((m) => m.envelope.to.includes(email)).at(-1)
    const token = (invited?.text ?? '').match(/accept-invitation\?token=([A-Za-z0-9_-]+)/)?.[1]
    expect(token).toBeDefined()
    await call(
      t,
      'POST',
      '/api/invitations/accept',
      { token: token!, first_name: 'Ife', last_name: 'Invited', password: 'invited and welcome 42' },
      201,
    )
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    const after = await call(owner, 'GET', `/api/folders/${top.id}/permissions`)
    expect(after.pending).toEqual([])
    expect(after.entries.find((e) => e.user.id === user.id)).toMatchObject({ permissionType: 'editor' })
  })

  it('takes a pending share back, and a sharer who lost the folder gives nothing on confirmation', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const owner = await signedIn(t, { name: 'Kemi Owner' })
    const other = await signedIn(t, { name: 'Other Person' })
    const top = await call(owner, 'POST', '/api/folders', { folder_name: 'Plans' }, 201)
    const email = uniqueEmail()
    await call(owner, 'POST', `/api/folders/${top.id}/shares`, { email, permissionType: 'editor' })
    const [pending] = (await call(owner, 'GET', `/api/folders/${top.id}/permissions`)).pending
    // Only the folder's administrators take it back.
    await call(other, 'DELETE', `/api/folders/${top.id}/pending-shares/${pending!.id}`, undefined, 404)
    await call(owner, 'DELETE', `/api/folders/${top.id}/pending-shares/${pending!.id}`)
    expect((await call(owner, 'GET', `/api/folders/${top.id}/permissions`)).pending).toEqual([])
    await call(owner, 'DELETE', `/api/folders/${top.id}/pending-shares/${pending!.id}`, undefined, 404)

    // Shared again, then the folder goes to the trash: confirming the address gives nothing.
    await call(owner, 'POST', `/api/folders/${top.id}/shares`, { email, permissionType: 'editor' })
    await call(owner, 'DELETE', `/api/folders/${top.id}`)
    const client = new CookieClient(t.app)
    await call(client, 'POST', '/api/accounts/sign-up', {
      first_name: 'Late',
      last_name: 'Comer',
      email,
      password: 'a long enough password 123',
    })
    const token = (await mailTo(t, email)).text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1]
    await call(client, 'POST', '/api/accounts/verify-email', { token: token! })
    const grants = await t.database.db
      .selectFrom('folder_permissions')
      .innerJoin('users', 'users.id', 'folder_permissions.user_id')
      .select('users.email')
      .where('folder_permissions.folder_id', '=', top.id)
      .execute()
    expect(grants.map((g) => g.email)).toEqual([owner.email])
    expect(await t.database.db.selectFrom('pending_shares').selectAll().execute()).toEqual([])
  })
})

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FROM, mailSetup, smtpTo, testWorker } from '../mail/support/mail-fixture'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN } from '../support/test-app'
import { call } from '../support/typed-client'

// Customers see every message listed under its From: display name, so it is the business's name (the
// site identity's), over MAIL_FROM's address. Admins see the sender and send themselves a sample.

const IDENTITY = {
  name: 'Adaeze Prints',
  description: '',
  address: '4 Allen Avenue\nIkeja',
  supportEmail: '',
  accentColor: '#0f766e',
}

describe('the e-mails’ sender', () => {
  it('is the business’s name over MAIL_FROM’s address, and follows a rename', async () => {
    const { t, sink } = await mailSetup({ env: { MAIL_FROM: FROM } })
    const worker = testWorker(t, smtpTo(sink))
    const admin = await signedIn(t, { role: 'admin', name: 'Ngozi Okafor' })
    const { email } = admin

    await call(admin, 'PUT', '/api/admin/site', IDENTITY)
    expect(await call(admin, 'POST', '/api/admin/site/test-email')).toEqual({ to: email })
    expect(await worker.drainOnce()).toBe(1)

    const [mail] = sink.received
    expect(mail?.envelope.to).toEqual([email])
    expect(mail?.headers.get('from')).toBe('Adaeze Prints <no-reply@depot.test>')
    expect(mail?.headers.get('subject')).toBe('A test e-mail from Adaeze Prints')
    expect(mail?.text).toContain('Hi Ngozi,')
    expect(mail?.text).toContain('sent by Adaeze Prints <no-reply@depot.test>')
    expect(mail?.headers.get('message-id')).toMatch(/@depot\.test>$/)

    // A rename reaches messages already queued: the name is read when sending.
    await call(admin, 'POST', '/api/admin/site/test-email')
    await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, name: 'Adaeze & Co.' })
    expect(await worker.drainOnce()).toBe(1)
    expect(sink.received[1]?.headers.get('from')).toBe('"Adaeze & Co." <no-reply@depot.test>')
  })

  it('is shown to admins on the site identity, and only admins send a test', async () => {
    const t = await createTestApp({ env: { MAIL_FROM: 'Ops Team <mail@shop.example>' } })
    const admin = await signedIn(t, { role: 'admin' })
    await call(admin, 'PUT', '/api/admin/site', IDENTITY)
    const identity = await call(admin, 'GET', '/api/admin/site')
    expect(identity.mailSender).toEqual({ name: 'Adaeze Prints', address: 'mail@shop.example' })

    const customer = await signedIn(t)
    await call(customer, 'POST', '/api/admin/site/test-email', undefined, 403)
    await call(t, 'POST', '/api/admin/site/test-email', undefined, 401)
    const queued = await t.database.db.selectFrom('mail_outbox').select('template').execute()
    expect(queued.filter((row) => row.template === 'test-email')).toEqual([])
  })

  it('puts the uploaded logo at the top of every message', async () => {
    const t = await createTestApp()
    const admin = await signedIn(t, { role: 'admin' })
    const { email } = admin
    const logo = await sharp({ create: { width: 200, height: 60, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer()
    const uploaded = await admin.client.request('/api/admin/site/logo', {
      method: 'PUT',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'image/png' },
      body: new Uint8Array(logo),
    })
    expect(uploaded.status).toBe(200)
    await call(admin, 'POST', '/api/admin/site/test-email')
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(row.html_body).toMatch(
      /<img src="http:\/\/localhost:3000\/api\/site\/logo\?v=[0-9a-z]+" alt="Depot" height="40"/,
    )
  })
})

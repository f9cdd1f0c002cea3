import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { checkout, product, SUCCESS_CARD, verify } from '../shop-payments/helpers'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The site identity: read by everyone, seeded from BUSINESS_NAME/BUSINESS_ADDRESS, edited by admins
// (audited), with a logo and favicon re-encoded and served with caching; e-mails and the emulator's
// checkout page carry it.

const IDENTITY = {
  name: 'Acme Prints',
  description: 'Posters and zines, printed in Lagos.',
  address: '12 Market Road\nIkeja, Lagos',
  supportEmail: 'help@acme.test',
  accentColor: '#E11D48',
}

const upload = (client: CookieClient, image: 'logo' | 'favicon', body: Buffer, type = 'image/png') =>
  client.request(`/api/admin/site/${image}`, {
    method: 'PUT',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': type },
    body: new Uint8Array(body),
  })

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#e11d48' } })
    .png()
    .toBuffer()

async function latestMail(t: TestApp, to: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
}

describe('site identity', () => {
  it('starts from BUSINESS_NAME and BUSINESS_ADDRESS, for everyone', async () => {
    const t = await createTestApp({
      env: { BUSINESS_NAME: 'Env Business', BUSINESS_ADDRESS: '1 Env Street' },
    })
    const res = await t.request('/api/site')
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBeTruthy()
    expect(await res.json()).toEqual({
      name: 'Env Business',
      description: expect.any(String),
      address: '1 Env Street',
      supportEmail: null,
      accentColor: '#4338ca',
      taxNumber: '',
      vatPercent: null,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      logoUrl: null,
      faviconUrl: null,
    })
    const { client: admin } = await signedIn(t, { role: 'admin' })
    expect(await call(admin, 'GET', '/api/admin/site')).toMatchObject({ saved: false, warnings: [] })
  })

  it('lets an admin change it (audited), and nobody else', async () => {
    const t = await createTestApp()
    const { client: admin, ...user } = await signedIn(t, { role: 'admin' })
    // No BUSINESS_ADDRESS: admins are told, recipients are not.
    const before = await call(admin, 'GET', '/api/admin/site')
    expect(before.address).toBe('')
    expect(before.warnings).toEqual([expect.stringMatching(/No postal address is set/)])

    expect(await call(admin, 'PUT', '/api/admin/site', IDENTITY, 200)).toMatchObject({
      ...IDENTITY,
      accentColor: '#e11d48',
      saved: true,
      warnings: [],
    })
    expect(await call(t, 'GET', '/api/site')).toMatchObject({
      name: 'Acme Prints',
      address: '12 Market Road\nIkeja, Lagos',
      supportEmail: 'help@acme.test',
      accentColor: '#e11d48',
    })
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'settings.changed')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ actorId: user.id, targetType: 'settings', targetId: 'site.identity' })
    expect(JSON.parse(audit.details)).toMatchObject({ area: 'site identity', name: 'Acme Prints' })

    const { client: staff } = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback', 'UploadProducts'],
    })
    const { client: customer } = await signedIn(t)
    for (const client of [staff, customer]) {
      await call(client, 'PUT', '/api/admin/site', { ...IDENTITY, name: 'Hijacked' }, 403)
      await call(client, 'GET', '/api/admin/site', undefined, 403)
      expect((await upload(client, 'logo', await png(64, 64))).status).toBe(403)
    }
    await call(new CookieClient(t.app), 'PUT', '/api/admin/site', IDENTITY, 401)
    expect((await call(t, 'GET', '/api/site')).name).toBe('Acme Prints')
  })

  it('refuses a bad colour, e-mail or empty name with a message per field', async () => {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const problem = await call(
      admin,
      'PUT',
      '/api/admin/site',
      {
        ...IDENTITY,
        name: '  ',
        accentColor: 'red',
        supportEmail: 'not-an-address',
      },
      422,
    )
    expect(Object.keys(problem.errors!).sort()).toEqual(['accentColor', 'name', 'supportEmail'])
    expect(problem.errors!.accentColor![0]).toMatch(/#4338ca/)
    await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, accentColor: '#12345' }, 422)
    expect((await call(t, 'GET', '/api/site')).accentColor).toBe('#4338ca')
  })

  it('keeps the business’s time zone: chosen from the IANA list, kept when a save leaves it out', async () => {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const bad = await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, timeZone: 'Mars/Olympus' }, 422)
    expect(bad.errors!.timeZone![0]).toMatch(/time zone/)
    expect((await call(t, 'GET', '/api/site')).timeZone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    )
    await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, timeZone: 'Africa/Lagos' }, 200)
    expect((await call(t, 'GET', '/api/site')).timeZone).toBe('Africa/Lagos')
    await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, name: 'Renamed' }, 200)
    expect(await call(t, 'GET', '/api/site')).toMatchObject({ name: 'Renamed', timeZone: 'Africa/Lagos' })
  })

  it('re-encodes an uploaded logo and favicon, serves them with caching, and removes them', async () => {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const photo = await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#0ea5e9' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer()
    const res = await upload(admin, 'logo', photo, 'image/jpeg')
    expect(res.status).toBe(200)
    const { logoUrl } = await res.json()
    expect(logoUrl).toMatch(/^\/api\/site\/logo\?v=[0-9a-z]+$/)
    expect((await call(t, 'GET', '/api/site')).logoUrl).toBe(logoUrl)

    const served = await new CookieClient(t.app).request(logoUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 205 })
    expect(bytes.toString('latin1')).not.toContain('secret-camera-owner')
    const etag = served.headers.get('etag')!
    expect((await t.app.request(logoUrl, { headers: { 'If-None-Match': etag } })).status).toBe(304)

    const favicon = await upload(admin, 'favicon', await png(300, 200))
    const { faviconUrl } = await favicon.json()
    const icon = await t.app.request(faviconUrl)
    expect(icon.headers.get('content-type')).toBe('image/png')
    expect(await sharp(Buffer.from(await icon.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 64,
    })

    const notImage = await upload(admin, 'logo', Buffer.from('<svg onload="alert(1)"></svg>'))
    expect(notImage.status).toBe(422)
    expect((await notImage.json()).errors.image[0]).toMatch(/not an image we can read/)
    expect((await upload(admin, 'logo', await png(8, 8))).status).toBe(422)
    expect((await upload(admin, 'logo', Buffer.from('GIF89a'), 'image/svg+xml')).status).toBe(415)
    // Media types are case-insensitive (RFC 9110 §8.3.1).
    expect((await upload(admin, 'favicon', await png(64, 64), 'Image/PNG')).status).toBe(200)
    expect((await upload(admin, 'logo', Buffer.alloc(6 * 1024 * 1024))).status).toBe(413)
    expect((await upload(admin, 'banner' as 'logo', await png(64, 64))).status).toBe(404)

    const removed = await call(admin, 'DELETE', '/api/admin/site/logo', undefined, 200)
    expect(removed.logoUrl).toBeNull()
    expect((await t.app.request('/api/site/logo')).status).toBe(404)
    expect((await t.app.request(faviconUrl)).status).toBe(200)
  })

  it('puts the identity in e-mail footers and leaves out a missing address', async () => {
    const t = await createTestApp()
    const user = await signedIn(t)
    const forgot = () =>
      t.request('/api/accounts/forgot-password', { method: 'POST', body: { email: user.email } })

    expect((await forgot()).status).toBeLessThan(300)
    const plain = await latestMail(t, user.email)
    expect(plain.text_body).toMatch(/-- \nDepot\nhttp:\/\/localhost:3000\n$/)
    expect(plain.text_body).not.toMatch(/BUSINESS_ADDRESS|Example Street/)
    expect(plain.html_body).not.toMatch(/BUSINESS_ADDRESS/)

    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'PUT', '/api/admin/site', IDENTITY, 200)
    t.clock.advance(60_000)
    expect((await forgot()).status).toBeLessThan(300)
    const branded = await latestMail(t, user.email)
    expect(branded.id).not.toBe(plain.id)
    expect(branded.text_body).toContain(
      '-- \nAcme Prints\n12 Market Road\nIkeja, Lagos\nQuestions: help@acme.test\nhttp://localhost:3000\n',
    )
    expect(branded.html_body).toContain('12 Market Road<br>Ikeja, Lagos')
    expect(branded.html_body).toContain('href="mailto:help@acme.test"')
    expect(branded.html_body).toContain('border-top:4px solid #e11d48')
  })

  it('names the business on the Paystack emulator’s checkout page and on the receipt', async () => {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'PUT', '/api/admin/site', IDENTITY, 200)
    const { client, ...user } = await signedIn(t)
    const p = await product(t, { price: 5000 })
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    const pagePath = new URL(session.checkout_url).pathname
    const html = await (await t.app.request(pagePath)).text()
    expect(html).toContain('<title>TEST MODE · Pay Acme Prints · Paystack emulator checkout</title>')
    expect(html).toMatch(/Acme Prints<\/p>\s*<h1[^>]*>Pay ₦50\.00/)

    const paid = await t.app.request(pagePath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: SUCCESS_CARD, intent: 'pay' }).toString(),
    })
    const reference = new URL(paid.headers.get('location') ?? '').searchParams.get('reference') ?? ''
    expect((await (await verify(client, reference)).json()).order.status).toBe('paid')
    const receipt = await latestMail(t, user.email)
    expect(receipt.template).toBe('order-receipt')
    expect(receipt.text_body).toContain('-- \nAcme Prints\n12 Market Road\nIkeja, Lagos\n')
  })

  it('puts the name, description and favicon into the web app’s shell', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-shell-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Depot: ours." />' +
        '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Depot</title></head><body></body></html>',
    )
    const t = await createTestApp({ webRoot })
    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'PUT', '/api/admin/site', { ...IDENTITY, name: 'Ade & <Sons>' }, 200)
    const { faviconUrl } = await (await upload(admin, 'favicon', await png(64, 64))).json()
    const page = await t.app.request('/shop/some-product')
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const html = await page.text()
    expect(html).toContain('<title>Ade &amp; &lt;Sons&gt;</title>')
    expect(html).toContain('<meta name="description" content="Posters and zines, printed in Lagos." />')
    expect(html).toContain(`<link rel="icon" type="image/png" href="${faviconUrl}" />`)
    fs.rmSync(webRoot, { recursive: true, force: true })
  })
})

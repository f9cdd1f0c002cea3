import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertFile, insertFolder } from '../support/factories'
import { signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { count, inboxApp, nextIp, openForm, postFrom, publishEbook } from './helpers'

// The e-book list: one row per address, a fresh signed link per request, confirmation by
// POST only, one-click unsubscribe, and the mailing-tool CSV.

let t: TestApp

beforeAll(async () => {
  t = await inboxApp()
  await publishEbook(t)
})

async function requestEbook(app: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const formToken = await openForm(app)
  return postFrom(app, '/api/inbox/ebook-requests', { email, formToken, website: '', ...extra }, nextIp())
}

async function mailsTo(app: TestApp, email: string) {
  return app.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id')
    .execute()
}

/** The token of the e-mailed e-book link, as the page at /ebook/download reads it from its URL. */
function linkToken(text: string): string {
  const match = /\/ebook\/download\?token=([^\s]+)/.exec(text)
  if (!match) throw new Error('no e-book link in the mail')
  return decodeURIComponent(match[1]!)
}

function oneClickUrl(headers: string): URL {
  const value = (JSON.parse(headers) as Record<string, string>)['List-Unsubscribe']!
  return new URL(value.replace(/^<|>$/g, ''))
}

const row = (app: TestApp, email: string) =>
  app.database.db.selectFrom('ebook_requests').selectAll().where('email', '=', email).executeTakeFirst()

describe('asking for the e-book', () => {
  it('keeps one row per address (trimmed, any case), answers repeats identically and mails a fresh link each time', async () => {
    const first = await requestEbook(t, '  Reader@Example.COM ', { source: 'landing-page' })
    t.clock.advance(60_000)
    const second = await requestEbook(t, 'reader@EXAMPLE.com')
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(await second.json()).toEqual(await first.json())

    const rows = await t.database.db.selectFrom('ebook_requests').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      email: 'reader@example.com',
      source: 'landing-page',
      confirmedAt: null,
      unsubscribedAt: null,
    })
    expect(rows[0]!.updatedAt).not.toBe(rows[0]!.createdAt)

    const mails = await mailsTo(t, 'reader@example.com')
    expect(mails).toHaveLength(2)
    expect(linkToken(mails[0]!.text_body)).not.toBe(linkToken(mails[1]!.text_body))
    for (const mail of mails) {
      expect(mail.template).toBe('ebook-link')
      const headers = JSON.parse(mail.headers)
      expect(headers['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/inbox\/ebook\/unsubscribe\?token=.+>$/,
      )
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      expect(mail.text_body).toContain('/ebook/unsubscribe?token=')
    }
  })

  it('answers the same for a confirmed address as for a new one', async () => {
    await requestEbook(t, 'known@example.com')
    const [mail] = await mailsTo(t, 'known@example.com')
    await call(t, 'POST', '/api/inbox/ebook/confirm', { token: linkToken(mail!.text_body) })
    const again = await requestEbook(t, 'known@example.com')
    const fresh = await requestEbook(t, 'stranger@example.com')
    expect(again.status).toBe(fresh.status)
    expect(await again.json()).toEqual(await fresh.json())
  })

  it('applies the spam guard: a filled honeypot stores nothing', async () => {
    const res = await requestEbook(t, 'honey@example.com', { website: 'spam' })
    expect(res.status).toBe(202)
    expect(await row(t, 'honey@example.com')).toBeUndefined()
    expect(await mailsTo(t, 'honey@example.com')).toEqual([])
  })
})

describe('the e-mailed link', () => {
  it('changes nothing when opened (GET); the page’s POST confirms, and a second POST changes nothing', async () => {
    await requestEbook(t, 'opener@example.com')
    const [mail] = await mailsTo(t, 'opener@example.com')
    const token = linkToken(mail!.text_body)

    // What a mail scanner does: follow the link, and even the download URL.
    await t.app.request(`/ebook/download?token=${encodeURIComponent(token)}`)
    const download = await t.request(`/api/inbox/ebook/download?token=${encodeURIComponent(token)}`)
    expect(download.status).toBe(200)
    expect(await row(t, 'opener@example.com')).toMatchObject({ confirmedAt: null })

    t.clock.advance(1_000)
    const confirmed = await call(t, 'POST', '/api/inbox/ebook/confirm', { token }, 200)
    expect(confirmed).toEqual({
      status: 'confirmed',
      email: 'opener@example.com',
      download: 'ready',
    })
    const after = await row(t, 'opener@example.com')
    expect(after!.confirmedAt).toBe(t.clock.now.toISOString())

    t.clock.advance(1_000)
    await call(t, 'POST', '/api/inbox/ebook/confirm', { token }, 200)
    expect(await row(t, 'opener@example.com')).toEqual(after)
  })

  it('refuses an expired, forged or foreign token', async () => {
    await requestEbook(t, 'late@example.com')
    const [mail] = await mailsTo(t, 'late@example.com')
    const token = linkToken(mail!.text_body)
    const confirm = (body: unknown) => t.request('/api/inbox/ebook/confirm', { method: 'POST', body })

    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await (await confirm({ token: forged })).json()).toMatchObject({
      status: 400,
      code: 'link_invalid',
    })
    // The unsubscribe token names the same entry but is signed for another purpose.
    const unsubscribe = oneClickUrl(mail!.headers).searchParams.get('token')!
    expect(await (await confirm({ token: unsubscribe })).json()).toMatchObject({ code: 'link_invalid' })
    expect((await confirm({})).status).toBe(422)

    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1)
    const expired = await confirm({ token })
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ code: 'link_expired' })
    expect(await row(t, 'late@example.com')).toMatchObject({ confirmedAt: null })
  })

  it('refuses requests while the e-book is unpublished, and the form setup says it is not available', async () => {
    const app = await inboxApp()
    const setup = await (await app.request('/api/inbox/form')).json()
    expect(setup).toMatchObject({ ebookAvailable: false })
    const refused = await requestEbook(app, 'early@example.com')
    expect(refused.status).toBe(409)
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(await refused.json()).toMatchObject({
      status: 409,
      code: 'ebook_unavailable',
      detail: 'The e-book is not available right now. Please come back later.',
    })
    // Nothing recorded, nothing mailed.
    expect(await count(app, 'ebook_requests')).toBe(0)
    expect(await count(app, 'mail_outbox')).toBe(0)

    await publishEbook(app)
    expect(await (await app.request('/api/inbox/form')).json()).toMatchObject({ ebookAvailable: true })
    expect((await requestEbook(app, 'early@example.com')).status).toBe(202)
  })

  it('serves the chosen file as an attachment only while the e-book is published', async () => {
    const app = await inboxApp()
    const { client: admin } = await signedIn(app, { role: 'admin' })
    // A link mailed while the e-book was published, then unpublished with its file cleared.
    const first = await publishEbook(app)
    await requestEbook(app, 'dl@example.com')
    await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      {
        ebookFileId: null,
        ebookPublished: false,
      },
      200,
    )
    const [mail] = await mailsTo(app, 'dl@example.com')
    const url = `/api/inbox/ebook/download?token=${encodeURIComponent(linkToken(mail!.text_body))}`
    expect(await (await app.request(url)).json()).toMatchObject({
      status: 409,
      code: 'ebook_not_configured',
      detail: 'The e-book is not configured yet. Please try again later.',
    })
    // Unpublished with its file still chosen: not served either.
    await call(admin, 'PATCH', '/api/admin/inbox-settings', { ebookFileId: first.fileId }, 200)
    expect(await (await app.request(url)).json()).toMatchObject({
      status: 409,
      code: 'ebook_not_configured',
      detail: 'The e-book is not available for download yet. Please try again later.',
    })
    const notYet = await app.request('/api/inbox/ebook/confirm', {
      method: 'POST',
      body: { token: linkToken(mail!.text_body) },
    })
    expect(await notYet.json()).toMatchObject({ status: 'confirmed', download: 'not_configured' })
    await call(admin, 'PATCH', '/api/admin/inbox-settings', { ebookFileId: null })

    // The e-book cannot be published before a file is chosen.
    const early = await call(admin, 'PATCH', '/api/admin/inbox-settings', { ebookPublished: true }, 422)
    expect(early.errors).toEqual({
      ebookPublished: ['Choose the e-book file before publishing the e-book.'],
    })
    expect(await call(admin, 'GET', '/api/admin/inbox-settings')).toMatchObject({
      ebookFileId: null,
      ebookPublished: false,
    })

    const missing = await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      {
        ebookFileId: crypto.randomUUID(),
      },
      422,
    )
    expect(missing.errors).toEqual({
      ebookFileId: ['There is no such file (or it is in the trash).'],
    })
    const folder = await insertFolder(app.database.db)
    const bytes = Buffer.from('%PDF-1.4 the e-book')
    const blob = await app.deps.storage.put(Readable.from([bytes]))
    const file = await insertFile(app.database.db, folder.id, {
      filename: 'Guide – 2026.pdf',
      mimetype: 'application/pdf',
      path: blob.key,
      size: blob.size,
      sha256: blob.sha256,
    })
    const set = await call(admin, 'PATCH', '/api/admin/inbox-settings', {
      ebookFileId: file.id,
      ebookPublished: true,
    })
    expect(set).toMatchObject({ ebookFileId: file.id, ebookPublished: true })
    // While published, its file cannot be taken away; unpublished, it can.
    const unfile = await call(admin, 'PATCH', '/api/admin/inbox-settings', { ebookFileId: null }, 422)
    expect(unfile.errors).toEqual({
      ebookFileId: ['The e-book is published: unpublish it before removing its file.'],
    })
    const both = await call(admin, 'PATCH', '/api/admin/inbox-settings', {
      ebookFileId: null,
      ebookPublished: false,
    })
    expect(both).toMatchObject({ ebookFileId: null, ebookPublished: false })
    await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      {
        ebookFileId: file.id,
        ebookPublished: true,
      },
      200,
    )

    // Confirming now says the e-book is ready, and the link downloads it, anonymously, as an attachment.
    const token = linkToken(mail!.text_body)
    const confirmed = await app.request('/api/inbox/ebook/confirm', { method: 'POST', body: { token } })
    expect(await confirmed.json()).toMatchObject({ status: 'confirmed', download: 'ready' })
    const download = await app.request(url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment;.*filename\*=UTF-8''Guide%20%E2%80%93%202026\.pdf/,
    )
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes)

    // A trashed e-book is no longer served.
    await app.database.db.updateTable('files').set({ isTrashed: true }).where('id', '=', file.id).execute()
    expect(await (await app.request(url)).json()).toMatchObject({ status: 409, code: 'ebook_not_configured' })
  })
})

describe('unsubscribing', () => {
  it('works in one click (RFC 8058): a form-encoded POST without cookies or Origin, and again changes nothing', async () => {
    await requestEbook(t, 'leaver@example.com')
    const [mail] = await mailsTo(t, 'leaver@example.com')
    await call(t, 'POST', '/api/inbox/ebook/confirm', { token: linkToken(mail!.text_body) })
    const url = oneClickUrl(mail!.headers)
    expect(url.origin).toBe('http://localhost:3000')

    const oneClick = () =>
      t.app.request(`${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
    const res = await oneClick()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'unsubscribed' })
    const gone = await row(t, 'leaver@example.com')
    expect(gone!.unsubscribedAt).toBe(t.clock.now.toISOString())

    t.clock.advance(1_000)
    expect((await oneClick()).status).toBe(200)
    expect(await row(t, 'leaver@example.com')).toEqual(gone)

    // A forged token is refused. A GET (a mail client without one-click opening the URL) leads to
    // the unsubscribe page and changes nothing.
    const bad = await t.app.request(
      `/api/inbox/ebook/unsubscribe?token=${'x'.repeat(20)}.${'y'.repeat(43)}`,
      { method: 'POST' },
    )
    expect(bad.status).toBe(400)
    await t.database.db
      .updateTable('ebook_requests')
      .set({ unsubscribedAt: null })
      .where('id', '=', gone!.id)
      .execute()
    const opened = await t.app.request(`${url.pathname}${url.search}`)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe(`/ebook/unsubscribe${url.search}`)
    expect(await row(t, 'leaver@example.com')).toMatchObject({ unsubscribedAt: null })
  })

  it('is undone only by confirming a new request', async () => {
    const app = await inboxApp()
    await publishEbook(app)
    await requestEbook(app, 'back@example.com')
    const [mail] = await mailsTo(app, 'back@example.com')
    const url = oneClickUrl(mail!.headers)
    await app.app.request(`${url.pathname}${url.search}`, { method: 'POST' })
    expect(await row(app, 'back@example.com')).toMatchObject({ confirmedAt: null })

    app.clock.advance(60_000)
    await requestEbook(app, 'back@example.com')
    expect((await row(app, 'back@example.com'))!.unsubscribedAt).not.toBeNull()
    const latest = (await mailsTo(app, 'back@example.com')).at(-1)!
    await app.request('/api/inbox/ebook/confirm', {
      method: 'POST',
      body: { token: linkToken(latest.text_body) },
    })
    expect(await row(app, 'back@example.com')).toMatchObject({
      unsubscribedAt: null,
      confirmedAt: app.clock.now.toISOString(),
    })
  })
})

describe('the staff’s e-book list', () => {
  it('lists and filters by status, exports only confirmed subscribed addresses for a mailing tool, and deletes', async () => {
    const app = await inboxApp()
    await publishEbook(app)
    const { client: staff } = await signedIn(app, { role: 'staff', functions: ['ManageFeedback'] })
    const { client: user } = await signedIn(app)
    const confirm = async (email: string) => {
      const mail = (await mailsTo(app, email)).at(-1)!
      await app.request('/api/inbox/ebook/confirm', {
        method: 'POST',
        body: { token: linkToken(mail.text_body) },
      })
      return mail
    }
    await requestEbook(app, 'unconfirmed@example.com')
    await requestEbook(app, 'sub1@example.com', { source: 'footer' })
    await confirm('sub1@example.com')
    await requestEbook(app, '-cmd@example.com', { source: 'campaign/2026' })
    await confirm('-cmd@example.com')
    await requestEbook(app, 'unsub@example.com')
    const mail = await confirm('unsub@example.com')
    const url = oneClickUrl(mail.headers)
    await app.app.request(`${url.pathname}${url.search}`, { method: 'POST' })

    const list = async (query: string) => call(staff, 'GET', `/api/inbox/ebook-requests?${query}`)
    expect((await list('')).total).toBe(4)
    const statuses = Object.fromEntries(
      (await list('sort=email&order=asc')).items.map((i: { email: string; status: string }) => [
        i.email,
        i.status,
      ]),
    )
    expect(statuses).toEqual({
      '-cmd@example.com': 'subscribed',
      'sub1@example.com': 'subscribed',
      'unconfirmed@example.com': 'unconfirmed',
      'unsub@example.com': 'unsubscribed',
    })
    expect((await list('status=subscribed')).total).toBe(2)
    expect((await list('status=unconfirmed')).items.map((i: { email: string }) => i.email)).toEqual([
      'unconfirmed@example.com',
    ])
    expect((await list('q=FOOTER')).total).toBe(1)

    const res = await staff.request('/api/inbox/ebook-requests/export.csv?sort=email&order=asc')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/filename="ebook-list-\d{4}-\d\d-\d\d\.csv"/)
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()))
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Email Address,Opt-in Date,Source')
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(["'-cmd@example.com", 'sub1@example.com'])
    expect(lines[2]).toMatch(/^sub1@example\.com,\d{4}-\d\d-\d\dT[\d:.]+Z,footer$/)
    // The filters narrow it further; they never widen it to unconfirmed or unsubscribed addresses.
    const filtered = await staff.request('/api/inbox/ebook-requests/export.csv?q=sub')
    const filteredLines = new TextDecoder().decode(new Uint8Array(await filtered.arrayBuffer())).split('\r\n')
    expect(filteredLines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(['sub1@example.com'])

    expect((await user.request('/api/inbox/ebook-requests/export.csv')).status).toBe(403)
    expect((await app.request('/api/inbox/ebook-requests')).status).toBe(401)

    const unsubId = (await list('status=unsubscribed')).items[0]!.id
    const bulk = await call(staff, 'POST', '/api/inbox/ebook-requests/bulk', {
      action: 'delete',
      ids: [unsubId, unsubId, '00000000-0000-7000-8000-000000000000'],
    })
    expect(bulk).toEqual({
      results: [
        { id: unsubId, outcome: 'deleted' },
        { id: '00000000-0000-7000-8000-000000000000', outcome: 'not_found' },
      ],
      changed: 1,
    })
    await call(staff, 'GET', `/api/inbox/ebook-requests/${unsubId}`, undefined, 404)
    expect((await list('')).total).toBe(3)
  })
})

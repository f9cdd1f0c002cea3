import { beforeAll, describe, expect, it } from 'vitest'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import { QUOTE_ATTACHMENTS } from '../../src/shared/contract/inbox'
import { signedIn } from '../support/people'
import { TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboxApp, nextIp, openForm, quoteInput } from './helpers'

// Files sent with the quote form (decision 0142): stored with the request within the stated limits,
// refused whole (nothing kept) when a file breaks one, downloaded by inbox staff only, and gone from
// storage when the request is deleted or purged.

const PATH = '/api/inbox/quotes/with-attachments'
let t: TestApp

beforeAll(async () => {
  t = await inboxApp()
})

interface Attached {
  name: string
  type?: string
  bytes: Uint8Array<ArrayBuffer> | string
}

function formOf(fields: Record<string, unknown>, files: Attached[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) form.append(name, String(value))
  }
  for (const f of files) {
    form.append(QUOTE_ATTACHMENTS.field, new Blob([f.bytes], { type: f.type ?? 'application/pdf' }), f.name)
  }
  return form
}

async function send(app: TestApp, fields: Record<string, unknown>, files: Attached[]) {
  return app.app.request(PATH, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, 'X-Forwarded-For': nextIp() },
    body: formOf(fields, files),
  })
}

async function quoteIds(app: TestApp) {
  return (await app.database.db.selectFrom('quote_requests').select('id').execute()).map((r) => r.id)
}

async function storedBlobs(app: TestApp): Promise<string[]> {
  const keys: string[] = []
  for await (const blob of app.deps.storage.list()) keys.push(blob.key)
  return keys
}

describe('POST /api/inbox/quotes/with-attachments', () => {
  it('stores the request with its files; inbox staff see and download them, others may not', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const res = await send(app, quoteInput({ formToken, email: 'artwork@example.com' }), [
      { name: 'brief.pdf', bytes: '%PDF-1.4 the brief' },
      { name: 'logo.svg', type: 'image/svg+xml', bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ])
    expect(res.status).toBe(202)
    const [id] = await quoteIds(app)

    const staff = await signedIn(app, { role: 'staff', functions: ['ManageFeedback'] })
    const detail = await call(staff.client, 'GET', `/api/inbox/quotes/${id}`)
    expect(detail.attachments).toEqual([
      expect.objectContaining({ filename: 'brief.pdf', mimetype: 'application/pdf', size: 18 }),
      expect.objectContaining({ filename: 'logo.svg', mimetype: 'image/svg+xml' }),
    ])
    const svg = detail.attachments![1]!
    const download = await staff.client.request(`/api/inbox/quotes/${id}/attachments/${svg.id}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*logo\.svg/)
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(download.headers.get('content-security-policy')).toContain('sandbox')
    expect(await download.text()).toContain('<svg')

    const url = `/api/inbox/quotes/${id}/attachments/${svg.id}`
    expect((await (await signedIn(app)).client.request(url)).status).toBe(403)
    const shop = await signedIn(app, { role: 'staff', functions: ['AccessShop', 'ManageFolders'] })
    expect((await shop.client.request(url)).status).toBe(403)
    expect((await app.request(url)).status).toBe(401)
    // Another request's attachment id under this one's path is not found.
    const other = await call(staff.client, 'GET', `/api/inbox/quotes/${id}`)
    expect(other.attachments).toHaveLength(2)
    const wrong = await staff.client.request(
      `/api/inbox/quotes/0190a0a0-0000-7000-8000-000000000000/attachments/${svg.id}`,
    )
    expect(wrong.status).toBe(404)
  })

  it('works without files, like the JSON form', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    expect((await send(app, quoteInput({ formToken }), [])).status).toBe(202)
    // A file input left empty sends an empty, unnamed part: nothing is attached.
    const empty = await send(app, quoteInput({ formToken, email: 'b@example.com' }), [
      { name: '', bytes: '' },
    ])
    expect(empty.status).toBe(202)
    expect(await quoteIds(app)).toHaveLength(2)
    expect(await app.database.db.selectFrom('inbox_attachments').select('id').execute()).toHaveLength(0)
  })

  it('refuses programs, too many, too large and too much in all with per-field messages, keeping nothing', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const before = await storedBlobs(app)
    const cases: [Attached[], RegExp][] = [
      [[{ name: 'setup.exe', type: 'application/octet-stream', bytes: 'MZ' }], /setup\.exe.*not accepted/],
      [
        [
          { name: 'ok.pdf', bytes: 'fine' },
          { name: 'run.sh', type: 'text/plain', bytes: '#!/bin/sh' },
        ],
        /run\.sh.*not accepted/,
      ],
      [
        Array.from({ length: QUOTE_ATTACHMENTS.maxFiles + 1 }, (_, i) => ({ name: `p${i}.pdf`, bytes: 'x' })),
        /at most 5 files/,
      ],
      [
        [{ name: 'huge.pdf', bytes: new Uint8Array(QUOTE_ATTACHMENTS.maxFileBytes + 1) }],
        /huge\.pdf is larger than 10 MB/,
      ],
      [
        [
          { name: 'a.pdf', bytes: new Uint8Array(QUOTE_ATTACHMENTS.maxFileBytes - 1) },
          { name: 'b.pdf', bytes: new Uint8Array(QUOTE_ATTACHMENTS.maxFileBytes - 1) },
          { name: 'c.pdf', bytes: new Uint8Array(QUOTE_ATTACHMENTS.maxTotalBytes / 5 + 100_000) },
        ],
        /more than 25 MB in all/,
      ],
    ]
    // Far past the limits the body is not read on: 413, with the same word for the field.
    const flood = await send(
      app,
      quoteInput({ formToken }),
      [1, 2, 3].map((i) => ({ name: `big${i}.pdf`, bytes: new Uint8Array(QUOTE_ATTACHMENTS.maxFileBytes) })),
    )
    expect(flood.status).toBe(413)
    expect((await flood.json()).errors.attachments.join(' ')).toMatch(/more than 25 MB in all/)
    for (const [files, message] of cases) {
      const res = await send(app, quoteInput({ formToken }), files)
      expect(res.status, files.map((f) => f.name).join()).toBe(422)
      const problem = await res.json()
      expect(problem.code).toBe('validation_failed')
      expect(problem.errors.attachments.join(' ')).toMatch(message)
    }
    expect(await quoteIds(app)).toEqual([])
    expect(await storedBlobs(app)).toEqual(before)
  })

  it('reports the fields and the files at once, and keeps no file when a field is wrong', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const before = await storedBlobs(app)
    const res = await send(app, quoteInput({ formToken, email: 'not an address' }), [
      { name: 'brief.pdf', bytes: 'fine' },
      { name: 'x.bat', bytes: 'echo' },
    ])
    expect(res.status).toBe(422)
    const problem = await res.json()
    expect(Object.keys(problem.errors).sort()).toEqual(['attachments', 'email'])
    expect(await storedBlobs(app)).toEqual(before)
  })

  it('answers 413 before reading a body larger than the limits allow', async () => {
    const res = await t.app.request(PATH, {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(QUOTE_ATTACHMENTS.maxTotalBytes * 2),
        'X-Forwarded-For': nextIp(),
      },
      body: '--x--',
    })
    expect(res.status).toBe(413)
  })

  it('refuses a body that is not multipart (415), and drops spam without keeping its files', async () => {
    const json = await t.app.request(PATH, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(415)
    const app = await inboxApp()
    const formToken = await openForm(app)
    const before = await storedBlobs(app)
    const res = await send(app, quoteInput({ formToken, website: 'http://spam.example' }), [
      { name: 'brief.pdf', bytes: 'spam' },
    ])
    expect(res.status).toBe(202)
    expect(await quoteIds(app)).toEqual([])
    expect(await storedBlobs(app)).toEqual(before)
  })
})

describe('the files go with their request', () => {
  async function quoteWithFile(app: TestApp, email: string) {
    const formToken = await openForm(app)
    const res = await send(app, quoteInput({ formToken, email }), [{ name: 'brief.pdf', bytes: email }])
    expect(res.status).toBe(202)
    const row = await app.database.db
      .selectFrom('inbox_attachments')
      .innerJoin('quote_requests', 'quote_requests.id', 'inbox_attachments.quote_id')
      .select(['quote_requests.id as id', 'inbox_attachments.blob_key as key'])
      .where('quote_requests.email', '=', email)
      .executeTakeFirstOrThrow()
    return row
  }

  const drained = async (app: TestApp) => {
    await drainBlobDeletions(app.database.db, app.deps.storage, new Date(app.clock.now.getTime() + 1000))
  }

  it('when staff delete it', async () => {
    const app = await inboxApp()
    const { id, key } = await quoteWithFile(app, 'deleted@example.com')
    const kept = await quoteWithFile(app, 'kept@example.com')
    const staff = await signedIn(app, { role: 'staff', functions: ['ManageFeedback'] })
    await call(staff.client, 'DELETE', `/api/inbox/quotes/${id}`, undefined, 204)
    await drained(app)
    expect(await app.deps.storage.exists(key)).toBe(false)
    expect(await app.deps.storage.exists(kept.key)).toBe(true)
  })

  it('when the retention purges it, and when an admin erases the address', async () => {
    const app = await inboxApp()
    const purged = await quoteWithFile(app, 'old@example.com')
    const erased = await quoteWithFile(app, 'erase@example.com')
    const admin = await signedIn(app, { role: 'admin' })
    await call(admin.client, 'PATCH', '/api/admin/inbox-settings', { retentionDays: 30 }, 200)
    await app.database.db
      .updateTable('quote_requests')
      .set({ status: 'resolved', resolvedAt: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', purged.id)
      .execute()
    const { purgeResolvedInboxEntries } = await import('../../src/server/features/inbox/inbox-retention')
    expect((await purgeResolvedInboxEntries(app.database.db, app.clock.now)).quoteRequests).toBe(1)
    // The export names the files sent with the request.
    const held = await call(
      admin.client,
      'POST',
      '/api/admin/privacy/export',
      { email: 'erase@example.com' },
      200,
    )
    expect(held.quoteRequests[0]!.attachments).toEqual([
      expect.objectContaining({ filename: 'brief.pdf', mimetype: 'application/pdf' }),
    ])
    await call(admin.client, 'POST', '/api/admin/privacy/erase', { email: 'erase@example.com' }, 200)
    await drained(app)
    expect(await app.deps.storage.exists(purged.key)).toBe(false)
    expect(await app.deps.storage.exists(erased.key)).toBe(false)
  })
})

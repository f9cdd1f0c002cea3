import { beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboxApp } from './helpers'

// Staff triage of quotes and contacts: the tables' paging, sorting, filters and search,
// one entry, pending ↔ resolved with who and when, bulk actions, permissions, and the CSV export of
// exactly the filtered rows.

let t: TestApp
let staff: CookieClient
let staffUser: { id: string; name: string }
let admin: CookieClient
let user: CookieClient
let shopStaff: CookieClient

const day = (d: string) => `2026-03-${d}T10:00:00.000Z`

async function insertQuote(overrides: Partial<DB['quote_requests']> = {}) {
  const row = {
    id: newId(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    business_name: null,
    industry: null,
    email: 'ada@example.com',
    phone: null,
    service: null,
    message: 'Hello',
    status: 'pending' as const,
    createdAt: day('01'),
    updatedAt: day('01'),
    ...overrides,
  }
  await t.database.db.insertInto('quote_requests').values(row).execute()
  return row
}

async function insertContact(overrides: Partial<DB['contacts']> = {}) {
  const row = {
    id: newId(),
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    subject: 'Hello',
    message: 'Hi there',
    status: 'pending' as const,
    createdAt: day('01'),
    updatedAt: day('01'),
    ...overrides,
  }
  await t.database.db.insertInto('contacts').values(row).execute()
  return row
}

beforeAll(async () => {
  t = await inboxApp()
  const s = await signedIn(t, {
    role: 'staff',
    functions: ['ManageFeedback'],
    first_name: 'Tess',
    last_name: 'Triage',
  })
  staff = s.client
  staffUser = { id: s.id, name: s.name }
  admin = (await signedIn(t, { role: 'admin' })).client
  user = (await signedIn(t)).client
  shopStaff = (
    await signedIn(t, { role: 'staff', functions: ['AccessShop', 'ManageFolders', 'UploadProducts'] })
  ).client

  for (let i = 0; i < 30; i++) {
    await insertQuote({
      first_name: `Person${String(i).padStart(2, '0')}`,
      last_name: 'Quoter',
      email: `q${i}@example.com`,
      business_name: i === 7 ? '100%_Real Ltd' : `Biz ${i}`,
      service: i % 2 ? 'Hosting' : 'Design',
      status: i < 10 ? 'resolved' : 'pending',
      resolvedAt: i < 10 ? day('05') : null,
      createdAt: day(String((i % 28) + 1).padStart(2, '0')),
    })
  }
  await insertQuote({
    first_name: 'Zoë',
    last_name: 'Ünicode',
    email: 'zoe@example.com',
    business_name: '日本 株式会社',
  })
})

const listQuotes = async (client: CookieClient, query: string) => {
  return call(client, 'GET', `/api/inbox/quotes?${query}`, undefined, 200)
}

describe('the quotes table', () => {
  it('pages (25 by default, newest first) with totals', async () => {
    const first = await listQuotes(staff, '')
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 31, totalPages: 2 })
    const second = await listQuotes(staff, 'page=2')
    expect(second.items).toHaveLength(6)
    const all = [...first.items, ...second.items]
    expect(new Set(all.map((q: { id: string }) => q.id)).size).toBe(31)
    const dates = all.map((q: { createdAt: string }) => q.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(first.items[0]).toMatchObject({ excerpt: 'Hello', abilities: expect.any(Object) })
    expect(first.items[0]).not.toHaveProperty('message')
  })

  it('sorts by name both ways (desc is exactly asc reversed)', async () => {
    const asc = await listQuotes(staff, 'sort=name&order=asc&pageSize=100')
    const names = asc.items.map(
      (q: { first_name: string; last_name: string }) => `${q.first_name} ${q.last_name}`,
    )
    expect(names[0]).toBe('Person00 Quoter')
    const desc = await listQuotes(staff, 'sort=name&order=desc&pageSize=100')
    expect(desc.items.map((q: { id: string }) => q.id)).toEqual(
      asc.items.map((q: { id: string }) => q.id).reverse(),
    )
  })

  it('filters by status and by date, and searches names (full name too), e-mail and business name', async () => {
    expect((await listQuotes(staff, 'status=resolved')).total).toBe(10)
    expect((await listQuotes(staff, 'status=pending')).total).toBe(21)
    expect((await listQuotes(staff, 'from=2026-03-02&to=2026-03-03')).total).toBe(3) // Person01, 02 and 29
    expect((await listQuotes(staff, 'status=resolved&from=2026-03-05')).total).toBe(6) // Person04..09
    expect(
      (await listQuotes(staff, 'q=person01 quoter')).items.map((q: { email: string }) => q.email),
    ).toEqual(['q1@example.com'])
    expect((await listQuotes(staff, 'q=Q12@EXAMPLE')).total).toBe(1)
    expect((await listQuotes(staff, 'q=100%25_real')).items.map((q: { email: string }) => q.email)).toEqual([
      'q7@example.com',
    ])
    expect((await listQuotes(staff, 'q=_')).total).toBe(1) // `_` is literal, not "any character"
    expect((await listQuotes(staff, 'q=日本')).total).toBe(1)
  })

  it('explains bad query parameters per field', async () => {
    const res = await call(
      staff,
      'GET',
      '/api/inbox/quotes?status=done&sort=message&from=2026-02-30',
      undefined,
      422,
    )
    const errors = res.errors!
    expect(errors['query.status']).toEqual(['Status must be one of: pending, resolved.'])
    expect(errors['query.sort']).toBeDefined()
    expect(errors['query.from']).toEqual(['This date does not exist.'])
  })

  it('shows one quote with its whole message; 404 for an unknown id', async () => {
    const q = await insertQuote({ message: 'A long message\nwith lines', phone: '0801' })
    const res = await call(staff, 'GET', `/api/inbox/quotes/${q.id}`)
    expect(res).toMatchObject({
      id: q.id,
      message: 'A long message\nwith lines',
      phone: '0801',
      resolvedBy: null,
      abilities: { resolve: true, reopen: false, delete: true },
    })
    await call(staff, 'GET', `/api/inbox/quotes/${newId()}`, undefined, 404)
    await t.database.db.deleteFrom('quote_requests').where('id', '=', q.id).execute()
  })
})

describe('resolve and reopen', () => {
  it('is for ManageFeedback staff and admins: a user gets 403, anonymous 401', async () => {
    const q = await insertQuote()
    const patch = (client: CookieClient) =>
      client.json(`/api/inbox/quotes/${q.id}`, 'PATCH', { status: 'resolved' })
    await call(t, 'PATCH', `/api/inbox/quotes/${q.id}`, { status: 'resolved' }, 401)
    expect((await patch(user)).status).toBe(403)
    expect((await patch(shopStaff)).status).toBe(403)
    await call(user, 'GET', '/api/inbox/quotes', undefined, 403)
    await call(user, 'POST', '/api/inbox/quotes/bulk', { action: 'resolve', ids: [q.id] }, 403)
    await call(t, 'GET', '/api/inbox/contacts/export.csv', undefined, 401)
    expect(
      await t.database.db
        .selectFrom('quote_requests')
        .select('status')
        .where('id', '=', q.id)
        .executeTakeFirst(),
    ).toEqual({
      status: 'pending',
    })
    expect((await patch(admin)).status).toBe(200)
    await t.database.db.deleteFrom('quote_requests').where('id', '=', q.id).execute()
  })

  it('records who and when; resolving twice changes nothing; reopening clears both', async () => {
    const q = await insertQuote({ first_name: 'Resolve', last_name: 'Me' })
    const before = await t.database.db.selectFrom('notifications').select('id').execute()
    t.clock.advance(1_000)
    const resolvedAt = t.clock.now.toISOString()
    const res = await call(staff, 'PATCH', `/api/inbox/quotes/${q.id}`, { status: 'resolved' }, 200)
    expect(res).toMatchObject({
      status: 'resolved',
      resolvedAt,
      updatedAt: resolvedAt,
      resolvedBy: staffUser,
      abilities: { resolve: false, reopen: true, delete: true },
    })

    t.clock.advance(1_000)
    const again = await call(staff, 'PATCH', `/api/inbox/quotes/${q.id}`, { status: 'resolved' })
    expect(again).toMatchObject({ status: 'resolved', resolvedAt, updatedAt: resolvedAt })

    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', 'not in', before.length ? before.map((n) => n.id) : [''])
      .execute()
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({
      type: 'quote',
      action: 'resolved',
      user_id: staffUser.id,
      user_name: staffUser.name,
      mainItem: 'Resolve Me',
      forAll: true,
    })

    const reopened = await call(staff, 'PATCH', `/api/inbox/quotes/${q.id}`, { status: 'pending' })
    expect(reopened).toMatchObject({
      status: 'pending',
      resolvedAt: null,
      resolvedBy: null,
      abilities: { resolve: true, reopen: false },
    })
    // Reopening is recorded for staff like resolving (an `updated` quote) and both are audited.
    const reopenNote = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'quote')
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow()
    expect(reopenNote).toMatchObject({ user_id: staffUser.id, mainItem: 'Resolve Me', forAll: true })
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actorId', 'details'])
      .where('action', 'in', ['inbox.resolved', 'inbox.reopened'])
      .where('details', 'like', `%${q.id}%`)
      .orderBy('createdAt')
      .execute()
    expect(audits.map((a) => a.action)).toEqual(['inbox.resolved', 'inbox.reopened'])
    expect(audits.every((a) => a.actorId === staffUser.id)).toBe(true)
    expect(JSON.parse(audits[1]!.details)).toEqual({ table: 'quote_requests', ids: [q.id] })
    await call(staff, 'PATCH', `/api/inbox/quotes/${newId()}`, { status: 'resolved' }, 404)
    await call(staff, 'PATCH', `/api/inbox/quotes/${q.id}`, { status: 'done' }, 422)
    await t.database.db.deleteFrom('quote_requests').where('id', '=', q.id).execute()
  })

  it('works the same on contacts, with feedback notifications', async () => {
    const c = await insertContact({ first_name: 'Contact', last_name: 'Resolved' })
    const res = await call(staff, 'PATCH', `/api/inbox/contacts/${c.id}`, { status: 'resolved' })
    expect(res).toMatchObject({ status: 'resolved', resolvedBy: staffUser, subject: 'Hello' })
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'feedback')
      .where('action', '=', 'resolved')
      .executeTakeFirstOrThrow()
    expect(note.mainItem).toBe('Contact Resolved')
  })
})

describe('bulk actions', () => {
  it('resolve, reopen and delete several at once, with an outcome per id and one notification', async () => {
    const a = await insertContact({ first_name: 'Bulk', last_name: 'A' })
    const b = await insertContact({ first_name: 'Bulk', last_name: 'B' })
    const done = await insertContact({
      first_name: 'Bulk',
      last_name: 'C',
      status: 'resolved',
      resolvedAt: day('02'),
    })
    const unknown = newId()
    const bulk = (action: string, ids: string[]) =>
      staff.json('/api/inbox/contacts/bulk', 'POST', { action, ids })

    const notesBefore = (await t.database.db.selectFrom('notifications').select('id').execute()).length
    const resolved = await bulk('resolve', [a.id, b.id, done.id, unknown, a.id])
    expect(resolved.status).toBe(200)
    expect(await resolved.json()).toEqual({
      results: [
        { id: a.id, outcome: 'resolved' },
        { id: b.id, outcome: 'resolved' },
        { id: done.id, outcome: 'unchanged' },
        { id: unknown, outcome: 'not_found' },
      ],
      changed: 2,
    })
    const notes = await t.database.db.selectFrom('notifications').selectAll().orderBy('id', 'desc').execute()
    expect(notes.length).toBe(notesBefore + 1)
    expect(notes[0]).toMatchObject({ type: 'feedback', action: 'resolved', itemCount: 2, mainItem: null })

    expect(await (await bulk('reopen', [a.id, done.id])).json()).toMatchObject({
      results: [
        { id: a.id, outcome: 'reopened' },
        { id: done.id, outcome: 'reopened' },
      ],
      changed: 2,
    })
    expect(await (await bulk('delete', [a.id, b.id, unknown])).json()).toMatchObject({
      results: [
        { id: a.id, outcome: 'deleted' },
        { id: b.id, outcome: 'deleted' },
        { id: unknown, outcome: 'not_found' },
      ],
      changed: 2,
    })
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'inbox.deleted')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details)).toEqual({ table: 'contacts', ids: [a.id, b.id] })

    const invalid = await bulk('archive', [])
    expect(invalid.status).toBe(422)
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(['action', 'ids'])
    const tooMany = await bulk(
      'resolve',
      Array.from({ length: 101 }, () => newId()),
    )
    expect((await tooMany.json()).errors.ids).toEqual(['Select at most 100 entries at a time.'])
    await call(staff, 'DELETE', `/api/inbox/contacts/${done.id}`, undefined, 204)
    await call(staff, 'DELETE', `/api/inbox/contacts/${done.id}`, undefined, 404)
  })
})

describe('CSV export', () => {
  it('streams exactly the filtered rows with a BOM, CRLF, RFC 4180 quoting, unicode and formula escaping', async () => {
    const app = await inboxApp()
    const { client } = await signedIn(app, { role: 'staff', functions: ['ManageFeedback'] })
    const tricky: Partial<DB['contacts']>[] = [
      { first_name: '=HYPERLINK("http://evil")', subject: 'formula =' },
      { first_name: 'Plus', subject: '+1 more' },
      { first_name: 'Minus', subject: '-2 less' },
      { first_name: 'At', subject: '@SUM(A1)' },
      { first_name: 'Tab', subject: 'tab', message: '\tstarts with a tab' },
      { first_name: 'Cr', subject: 'cr', message: '\rstarts with a CR' },
      { first_name: 'Comma, Quote "Q"', subject: 'quoting', message: 'line one\r\nline two, with "quotes"' },
      { first_name: 'Zoë', last_name: '日本語', subject: 'unicode ✓' },
      { first_name: 'Resolved', subject: 'not exported', status: 'resolved' },
    ]
    for (const [i, overrides] of tricky.entries()) {
      await app.database.db
        .insertInto('contacts')
        .values({
          id: newId(),
          first_name: 'X',
          last_name: 'Y',
          email: `c${i}@example.com`,
          subject: 's',
          message: 'm',
          status: 'pending',
          createdAt: day(String(i + 10)),
          updatedAt: day(String(i + 10)),
          ...overrides,
        })
        .execute()
    }
    const query = 'status=pending&sort=createdAt&order=asc&page=2&pageSize=2'
    const res = await client.request(`/api/inbox/contacts/export.csv?${query}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d\d-\d\d\.csv"/,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    expect(text.endsWith('\r\n')).toBe(true)
    const header =
      'id,createdAt,status,first_name,last_name,email,subject,message,resolvedAt,resolvedBy,assignedTo'
    expect(text.startsWith(`${header}\r\n`)).toBe(true)

    // Every pending row (not just page 2 of 2-row pages), oldest first.
    const list = await call(
      client,
      'GET',
      `/api/inbox/contacts?status=pending&pageSize=100&sort=createdAt&order=asc`,
    )
    expect(list.total).toBe(8)
    const ids = list.items.map((c: { id: string }) => c.id)
    expect(ids.every((id: string) => text.includes(id))).toBe(true)
    expect(text).not.toContain('not exported')
    expect(text.indexOf(ids[0]!)).toBeLessThan(text.indexOf(ids[7]!))

    expect(text).toContain(`,"'=HYPERLINK(""http://evil"")",Y,c0@example.com,formula =,m,,,\r\n`)
    expect(text).toContain(",Plus,Y,c1@example.com,'+1 more,")
    expect(text).toContain(",Minus,Y,c2@example.com,'-2 less,")
    expect(text).toContain(",At,Y,c3@example.com,'@SUM(A1),")
    expect(text).toContain(",tab,'\tstarts with a tab,")
    expect(text).toContain(`,cr,"'\rstarts with a CR",`)
    expect(text).toContain(
      `,"Comma, Quote ""Q""",Y,c6@example.com,quoting,"line one\r\nline two, with ""quotes""",`,
    )
    expect(text).toContain(',Zoë,日本語,c7@example.com,unicode ✓,')
    expect(text).toMatch(/\n[\w-]+,2026-03-10T10:00:00\.000Z,pending,/)

    const audit = await app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'export')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details)).toMatchObject({
      table: 'contacts',
      filters: { status: 'pending', sort: 'createdAt', order: 'asc' },
    })
  })

  it('exports quotes with their columns and the search applied', async () => {
    const res = await staff.request('/api/inbox/quotes/export.csv?q=person1&status=pending')
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer())).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'id,createdAt,status,first_name,last_name,email,phone,business_name,industry,service,message,resolvedAt,resolvedBy,assignedTo',
    )
    expect(lines.length - 2).toBe((await listQuotes(staff, 'q=person1&status=pending')).total)
    expect(lines.length - 2).toBe(10) // Person10..Person19
  })
})

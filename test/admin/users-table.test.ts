import { beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUser, insertUserWithPassword, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The admin users table: server-side paging, sorting, filters, search, CSV of exactly the filtered rows.
let t: TestApp
let admin: CookieClient
let adminId: string

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const me = await insertUserWithPassword(db, 'admin passphrase!', {
    role: 'admin',
    first_name: 'Zed',
    last_name: 'Admin',
  })
  adminId = me.id
  admin = new CookieClient(t.app)
  await admin.signIn(me.email, me.plainPassword)
  for (let i = 0; i < 24; i++) {
    await insertUser(db, {
      first_name: `Person${String(i).padStart(2, '0')}`,
      last_name: 'Plain',
      email: `p${i}@example.com`,
    })
  }
  await insertUser(db, {
    first_name: 'Corp',
    last_name: 'Buyer',
    email: 'corp@example.com',
    account_type: 'corporate',
    business_name: '100%_Real Ltd',
    industry: 'Retail',
  })
  await insertUser(db, {
    first_name: 'Sly',
    last_name: 'Staff',
    email: 'staff@example.com',
    role: 'staff',
    functions: ['AccessShop'],
  })
  await insertUser(db, {
    first_name: 'Banned',
    last_name: 'User',
    email: 'banned@example.com',
    isRestricted: true,
  })
  await insertUser(db, {
    first_name: '=HYPERLINK("http://evil")',
    last_name: 'Person',
    email: 'formula@example.com',
    emailVerified: null,
  })
})

const list = async (query: string) => {
  const res = await admin.json(`/api/admin/users?${query}`)
  expect(res.status).toBe(200)
  return res.json()
}

describe('GET /api/admin/users', () => {
  it('pages with totals (default 25, newest first)', async () => {
    const first = await list('')
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 29, totalPages: 2 })
    expect(first.items).toHaveLength(25)
    const second = await list('page=2')
    expect(second.items).toHaveLength(4)
    const ids = [...first.items, ...second.items].map((u: { id: string }) => u.id)
    expect(new Set(ids).size).toBe(29)
  })

  it('sorts by name both ways', async () => {
    const asc = await list('sort=name&order=asc&pageSize=100')
    const names = asc.items.map((u: { name: string }) => u.name)
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    )
    const desc = await list('sort=name&order=desc&pageSize=100')
    expect(desc.items.map((u: { name: string }) => u.name)).toEqual([...names].reverse())
  })

  it('filters by role, account type, restriction and verification', async () => {
    expect((await list('role=staff')).items.map((u: { email: string }) => u.email)).toEqual([
      'staff@example.com',
    ])
    expect((await list('account_type=corporate')).items.map((u: { email: string }) => u.email)).toEqual([
      'corp@example.com',
    ])
    expect((await list('restricted=true')).items.map((u: { email: string }) => u.email)).toEqual([
      'banned@example.com',
    ])
    expect((await list('verified=false')).items.map((u: { email: string }) => u.email)).toEqual([
      'formula@example.com',
    ])
  })

  it('searches names, e-mail and business name with % and _ taken literally', async () => {
    expect((await list('q=100%25_real')).items.map((u: { email: string }) => u.email)).toEqual([
      'corp@example.com',
    ])
    expect((await list('q=%25')).total).toBe(1)
    expect((await list('q=_')).total).toBe(1)
    expect((await list('q=PERSON1')).total).toBe(10) // Person10..Person19
  })

  it('explains bad query parameters per field', async () => {
    const res = await call(
      admin,
      'GET',
      '/api/admin/users?pageSize=500&role=king&sort=password',
      undefined,
      422,
    )
    const errors = res.errors!
    expect(errors['query.pageSize']).toEqual(['Page size can be at most 100.'])
    expect(errors['query.role']).toEqual(['Role must be one of: user, admin, staff.'])
    expect(errors['query.sort']).toBeDefined()
  })

  it('attaches what the caller may do: an admin may not restrict or demote themself', async () => {
    const all = await list('pageSize=100')
    const me = all.items.find((u: { id: string }) => u.id === adminId)
    expect(me.abilities).toEqual({ changeRole: false, restrict: false, endSessions: true })
    const other = all.items.find((u: { email: string }) => u.email === 'p1@example.com')
    expect(other.abilities).toEqual({ changeRole: true, restrict: true, endSessions: true })
    expect(JSON.stringify(all)).not.toContain('password')
  })
})

describe('GET /api/admin/users/export.csv', () => {
  it('streams exactly the filtered rows as RFC 4180 CSV with a BOM, CRLF and formula escaping', async () => {
    const res = await admin.request(
      '/api/admin/users/export.csv?q=person&sort=email&order=asc&page=2&pageSize=5',
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"/,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('') // every record ends with CRLF
    expect(lines[0]).toBe(
      'id,first_name,last_name,email,account_type,business_name,industry,role,staffFunctions,isRestricted,emailVerified,createdAt',
    )
    // Every match, not just the page the table was showing: 24 Person## plus the formula person.
    expect(lines.length - 2).toBe((await list('q=person')).total)
    const formula = lines.find((l) => l.includes('formula@example.com'))!
    expect(formula).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(lines.slice(1, -1).map((l) => l.split(',')[3])).toEqual(
      [...lines.slice(1, -1).map((l) => l.split(',')[3])].sort(),
    )
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'export')
      .execute()
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({ table: 'users', filters: { q: 'person' } })
  })

  it('refuses non-admins', async () => {
    const { client } = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback', 'ManageFolders', 'UploadProducts'],
    })
    expect((await client.request('/api/admin/users/export.csv')).status).toBe(403)
    await call(client, 'GET', '/api/admin/users', undefined, 403)
  })
})

describe('changing a user', () => {
  it('changes role and functions, ends sessions on restriction, and refuses self-demotion', async () => {
    const target = await insertUserWithPassword(t.database.db, 'target passphrase')
    const them = new CookieClient(t.app)
    await them.signIn(target.email, target.plainPassword)

    const promoted = await call(
      admin,
      'PATCH',
      `/api/admin/users/${target.id}`,
      {
        role: 'staff',
        staffFunctions: ['ManageFeedback'],
      },
      200,
    )
    expect(promoted).toMatchObject({
      role: 'staff',
      staffFunctions: ['ManageFeedback'],
      sessions: 1,
    })
    expect(await call(them, 'GET', '/api/me')).toMatchObject({
      role: 'staff',
      staffFunctions: ['ManageFeedback'],
    })

    const restricted = await call(admin, 'PATCH', `/api/admin/users/${target.id}`, { isRestricted: true })
    expect(restricted).toMatchObject({ isRestricted: true, sessions: 0 })
    await call(them, 'GET', '/api/me', undefined, 401)

    const self = await call(admin, 'PATCH', `/api/admin/users/${adminId}`, { role: 'user' }, 409)
    expect(self).toMatchObject({
      code: 'access_change_refused',
      detail: 'You cannot remove your own admin role.',
    })

    await call(admin, 'PATCH', `/api/admin/users/${target.id}`, {}, 422)
    await call(admin, 'PATCH', '/api/admin/users/0190c6b2-7d3e-7a4b-8c5d-1e2f3a4b5c6d', { role: 'user' }, 404)
  })

  it('ends all of a user’s sessions', async () => {
    const target = await insertUserWithPassword(t.database.db, 'another passphrase')
    const a = new CookieClient(t.app)
    const b = new CookieClient(t.app)
    await a.signIn(target.email, target.plainPassword)
    await b.signIn(target.email, target.plainPassword)
    const res = await call(admin, 'DELETE', `/api/admin/users/${target.id}/sessions`)
    expect(res).toEqual({ ended: 2, tokensRevoked: 0, tokensKept: 0 })
    await call(a, 'GET', '/api/me', undefined, 401)
    await call(b, 'GET', '/api/me', undefined, 401)
  })
})

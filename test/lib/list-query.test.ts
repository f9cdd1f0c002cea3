import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { DB } from '../../src/server/db/schema'
import { problems } from '../../src/server/lib/http/problem'
import { fieldErrors } from '../../src/server/lib/http/validation'
import { fetchListPage, type ListColumns } from '../../src/server/lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../src/server/lib/list-query/date-range'
import { keysetBatches } from '../../src/server/lib/list-query/query-batches'
import {
  listQuerySchema,
  listResponseSchema,
  optionalChoice,
  optionalIsoDate,
} from '../../src/shared/contract/list'
import { ROLES } from '../../src/shared/enums'
import { insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

const t = await createTestApp()
const db = t.database.db
const MARK = 'list-query-test' // industry of every row this file makes, so nothing else is counted

const usersQuery = listQuerySchema({
  sortable: ['name', 'createdAt', 'emailVerified'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { from: optionalIsoDate, to: optionalIsoDate, role: optionalChoice(ROLES, 'Role') },
})
type UsersQuery = z.output<typeof usersQuery>

const columns: ListColumns<DB, 'users', UsersQuery['sort']> = {
  searchColumns: ['users.name', 'users.email'],
  sortColumns: {
    name: sql`lower(${sql.ref('users.name')})`,
    createdAt: 'users.createdAt',
    emailVerified: 'users.emailVerified',
  },
  idColumn: 'users.id',
}

function listUsers(query: UsersQuery) {
  const base = db
    .selectFrom('users')
    .select(['id', 'name', 'createdAt', 'emailVerified'])
    .where('industry', '=', MARK)
    .where(dateRangeFilter('users.createdAt', query))
  return fetchListPage(query.role ? base.where('role', '=', query.role) : base, query, columns)
}
const parse = (raw: Record<string, string>) => usersQuery.parse(raw)

// 30 people: many share a name so the id tiebreaker decides; some carry literal % and _.
const seeded: { id: string; name: string; createdAt: string; emailVerified: string | null }[] = []
beforeAll(async () => {
  const firsts = ['alice', 'Bob', 'bob', 'carol', 'Dave']
  for (let i = 0; i < 25; i++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString()
    const emailVerified = i % 4 === 0 ? null : createdAt
    const u = await insertUser(db, {
      first_name: firsts[i % 5]!,
      last_name: 'Stone',
      industry: MARK,
      createdAt,
      emailVerified,
    })
    seeded.push(u)
  }
  const special = [
    { first_name: '100%', last_name: 'Cotton', createdAt: '2026-03-01T00:00:00.000Z' },
    { first_name: '100', last_name: 'Cotton', createdAt: '2026-03-01T23:59:59.999Z' },
    { first_name: 'snake_case', last_name: 'Name', createdAt: '2026-03-02T00:00:00.000Z' },
    { first_name: 'snakeXcase', last_name: 'Name', createdAt: '2026-02-28T23:59:59.999Z' },
    {
      first_name: 'zoë',
      last_name: 'back\\slash',
      createdAt: '2026-02-15T08:00:00.000Z',
      role: 'staff' as const,
    },
  ]
  for (const s of special) seeded.push(await insertUser(db, { ...s, industry: MARK, emailVerified: null }))
})

describe('listQuerySchema', () => {
  it('fills in defaults and coerces query-string numbers', () => {
    expect(parse({})).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' })
    expect(parse({ page: '3', pageSize: '100', sort: 'name', order: 'asc', q: '  ada  ' })).toEqual({
      page: 3,
      pageSize: 100,
      sort: 'name',
      order: 'asc',
      q: 'ada',
    })
  })

  it('treats blank values as not given and drops unknown parameters', () => {
    expect(
      parse({ page: '', pageSize: ' ', q: '   ', sort: '', from: '', role: '', columns: 'name,email' }),
    ).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
    })
  })

  it('refuses a page size over 100 with a message a form can show', () => {
    const result = usersQuery.safeParse({ pageSize: '101' })
    expect(result.success).toBe(false)
    const errors = fieldErrors(result.error!, 'query')
    expect(errors).toEqual({ 'query.pageSize': ['Page size can be at most 100.'] })
    const problem = problems.validation(errors)
    expect(problem.status).toBe(422)
    expect(problem.code).toBe('validation_failed')
  })

  it('says what is wrong with each bad field', () => {
    const result = usersQuery.safeParse({
      page: '0',
      pageSize: '2.5',
      sort: 'password',
      order: 'sideways',
      q: 'x'.repeat(201),
      from: '2026-02-30',
      to: 'yesterday',
      role: 'owner',
    })
    expect(fieldErrors(result.error!)).toEqual({
      page: ['Page must be at least 1.'],
      pageSize: ['Page size must be a whole number.'],
      sort: ['Sort by one of: name, createdAt, emailVerified.'],
      order: ['Order must be asc or desc.'],
      q: ['Search can be at most 200 characters.'],
      from: ['This date does not exist.'],
      to: ['Use a date like 2026-03-01.'],
      role: ['Role must be one of: user, admin, staff.'],
    })
    expect(fieldErrors(usersQuery.safeParse({ page: 'two' }).error!)).toEqual({
      page: ['Page must be a whole number.'],
    })
  })

  it('describes the response envelope', () => {
    const schema = listResponseSchema(z.object({ id: z.string() }))
    expect(
      schema.parse({ items: [{ id: 'a' }], page: 1, pageSize: 25, total: 1, totalPages: 1 }).items,
    ).toHaveLength(1)
    expect(schema.safeParse({ items: [], page: 0, pageSize: 25, total: 0, totalPages: 0 }).success).toBe(
      false,
    )
  })
})

describe('fetchListPage', () => {
  it('pages through every row exactly once with the right totals', async () => {
    const pages = []
    for (let page = 1; page <= 5; page++)
      pages.push(await listUsers(parse({ page: String(page), pageSize: '7' })))
    expect(pages.map((p) => p.items.length)).toEqual([7, 7, 7, 7, 2])
    for (const p of pages) expect(p).toMatchObject({ total: 30, totalPages: 5, pageSize: 7 })
    const ids = pages.flatMap((p) => p.items.map((i) => i.id))
    expect(new Set(ids).size).toBe(30)
    const beyond = await listUsers(parse({ page: '9', pageSize: '7' }))
    expect(beyond).toEqual({ items: [], page: 9, pageSize: 7, total: 30, totalPages: 5 })
  })

  it('sorts both ways with the id as tiebreaker, desc being asc reversed', async () => {
    const expected = [...seeded].sort((a, b) => {
      const an = a.name.toLowerCase()
      const bn = b.name.toLowerCase()
      return an < bn ? -1 : an > bn ? 1 : a.id < b.id ? -1 : 1
    })
    const asc = await listUsers(parse({ sort: 'name', order: 'asc', pageSize: '100' }))
    expect(asc.items.map((i) => i.id)).toEqual(expected.map((u) => u.id))
    const desc = await listUsers(parse({ sort: 'name', order: 'desc', pageSize: '100' }))
    expect(desc.items.map((i) => i.id)).toEqual(expected.map((u) => u.id).reverse())
    // "Bob Stone" and "bob Stone" are one name to the sort: ids decide, not the case.
    const bobs = asc.items.filter((i) => i.name.toLowerCase() === 'bob stone')
    expect(bobs.map((b) => b.id)).toEqual(bobs.map((b) => b.id).sort())
  })

  it('puts empty values last going up and first going down on both dialects', async () => {
    const asc = await listUsers(parse({ sort: 'emailVerified', order: 'asc', pageSize: '100' }))
    const firstNull = asc.items.findIndex((i) => i.emailVerified === null)
    expect(asc.items.slice(firstNull).every((i) => i.emailVerified === null)).toBe(true)
    expect(firstNull).toBe(30 - 7 - 5)
    const desc = await listUsers(parse({ sort: 'emailVerified', order: 'desc', pageSize: '100' }))
    expect(desc.items.map((i) => i.id)).toEqual(asc.items.map((i) => i.id).reverse())
  })

  it('reads the pages of the second half from the far end: the same rows in the same order', async () => {
    for (const sort of ['emailVerified', 'name'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const all = await listUsers(parse({ sort, order, pageSize: '100' }))
        for (let page = 1; page <= 5; page++) {
          const one = await listUsers(parse({ sort, order, page: String(page), pageSize: '7' }))
          expect(one.items.map((i) => i.id)).toEqual(
            all.items.slice((page - 1) * 7, page * 7).map((i) => i.id),
          )
        }
      }
  })

  it('takes the total it is given instead of counting, and pages by it', async () => {
    const query = parse({ page: '5', pageSize: '7' })
    const base = db
      .selectFrom('users')
      .select(['id', 'name', 'createdAt', 'emailVerified'])
      .where('industry', '=', MARK)
    const counted = await fetchListPage(base, query, columns)
    const given = await fetchListPage(base, query, columns, { total: async () => 30 })
    expect(given).toEqual(counted)
    expect(given.items).toHaveLength(2)
  })

  it('searches name and e-mail ignoring case', async () => {
    const found = await listUsers(parse({ q: 'ALICE' }))
    expect(found.total).toBe(5)
    expect(found.items.every((i) => i.name === 'alice Stone')).toBe(true)
    expect((await listUsers(parse({ q: '@EXAMPLE.com' }))).total).toBe(30)
    expect((await listUsers(parse({ q: 'ZOË' }))).items.map((i) => i.name)).toEqual(['zoë back\\slash'])
  })

  it('takes % and _ and \\ literally', async () => {
    const names = async (q: string) =>
      (await listUsers(parse({ q, sort: 'name', order: 'asc' }))).items.map((i) => i.name)
    expect(await names('100%')).toEqual(['100% Cotton'])
    expect(await names('%')).toEqual(['100% Cotton'])
    expect(await names('snake_')).toEqual(['snake_case Name'])
    expect(await names('_')).toEqual(['snake_case Name'])
    expect(await names('\\')).toEqual(['zoë back\\slash'])
    expect(await names('e\\s')).toEqual([])
    expect(await names('0%')).toEqual(['100% Cotton'])
  })

  it('filters by a date range that includes the whole last day in UTC', async () => {
    const names = async (raw: Record<string, string>) =>
      (await listUsers(parse({ ...raw, sort: 'createdAt', order: 'asc' }))).items.map((i) => i.name)
    expect(await names({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['100% Cotton', '100 Cotton'])
    expect(await names({ from: '2026-02-28', to: '2026-03-01' })).toEqual([
      'snakeXcase Name',
      '100% Cotton',
      '100 Cotton',
    ])
    expect(await names({ from: '2026-03-02' })).toEqual(['snake_case Name'])
    expect((await names({ to: '2026-01-03' })).length).toBe(3)
    expect(await names({ from: '2026-03-02', to: '2026-03-01' })).toEqual([])
    expect((await listUsers(parse({ to: '9999-12-31' }))).total).toBe(30)
  })

  it('combines search, filters and paging in one count', async () => {
    const page = await listUsers(parse({ q: 'bob', to: '2026-01-10', pageSize: '1' }))
    expect(page).toMatchObject({ total: 4, totalPages: 4 })
    expect((await listUsers(parse({ role: 'staff' }))).items.map((i) => i.name)).toEqual(['zoë back\\slash'])
  })
})

describe('keysetBatches', () => {
  const base = () => db.selectFrom('users').select(['id', 'name']).where('industry', '=', MARK)
  async function all(query: UsersQuery, batchSize = 4) {
    const rows = []
    for await (const row of keysetBatches(t.database.dialect, base(), query, columns, { batchSize }))
      rows.push(row)
    return rows
  }

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['createdAt', 'desc'],
    ['emailVerified', 'asc'],
    ['emailVerified', 'desc'],
  ])(
    'yields every row in the list order (%s %s), empty values included, batch by batch',
    async (sort, order) => {
      const query = parse({ sort, order })
      const rows = await all(query)
      const page = await listUsers({ ...query, pageSize: 100 })
      expect(rows.map((r) => r.id)).toEqual(page.items.map((i) => i.id))
      expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'name'])
    },
  )

  it('applies the search', async () => {
    const rows = await all(parse({ q: 'bob', sort: 'name', order: 'asc' }), 2)
    expect(rows).toHaveLength(10)
    expect(rows.every((r) => r.name.toLowerCase() === 'bob stone')).toBe(true)
  })

  it('skips nothing when rows already sent are deleted while the export runs', async () => {
    const query = parse({ sort: 'createdAt', order: 'asc' })
    const expected = (await listUsers({ ...query, pageSize: 100 })).items.map((i) => i.id)
    const victims = await Promise.all(
      [0, 1, 2].map((i) => insertUser(db, { industry: MARK, createdAt: `2025-12-0${i + 1}T00:00:00.000Z` })),
    )
    const seen: string[] = []
    for await (const row of keysetBatches(t.database.dialect, base(), query, columns, { batchSize: 3 })) {
      seen.push(row.id)
      // The first batch was the three oldest rows: deleting them would shift every later OFFSET.
      if (seen.length === 3) await db.deleteFrom('users').where('id', 'in', seen).execute()
    }
    expect(seen.slice(0, 3)).toEqual(victims.map((v) => v.id))
    expect(seen.slice(3)).toEqual(expected)
  })
})

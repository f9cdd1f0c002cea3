import { describe, expect, it } from 'vitest'
import { adminUserListQuerySchema } from '../../../shared/contract/admin-users'
import { signInLink } from '../../components/auth/sign-in-link'
import { exportUrl, listQueryParams, readTableState } from '../../lib/url-state'
import { listSearchFrom } from './list-link'
import { USER_FILTERS, USERS_ENDPOINT, USERS_TABLE } from './users-table-state'

// The users table's URL state must say what GET /api/admin/users understands.

const stringify = (record: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, String(v)]))

describe('the users table state', () => {
  it('has the same defaults as the endpoint', () => {
    const server = adminUserListQuerySchema.parse({})
    const client = readTableState(new URLSearchParams(), USERS_TABLE)
    expect({ page: client.page, pageSize: client.pageSize, sort: client.sort, order: client.order }).toEqual({
      page: server.page,
      pageSize: server.pageSize,
      sort: server.sort,
      order: server.order,
    })
  })

  it('names only filters the endpoint takes', () => {
    const known = Object.keys(adminUserListQuerySchema.shape)
    for (const filter of USER_FILTERS) expect(known).toContain(filter)
  })

  it('sends list and export requests the endpoint accepts as they are', () => {
    const params = new URLSearchParams(
      'q=50%25_off&role=staff&account_type=corporate&restricted=false&verified=true&from=2026-01-01&to=2026-02-28&sort=name&order=asc&page=2&pageSize=10&hide=business',
    )
    const state = readTableState(params, USERS_TABLE)
    const list = adminUserListQuerySchema.parse(stringify(listQueryParams(state)))
    expect(list).toEqual({
      page: 2,
      pageSize: 10,
      sort: 'name',
      order: 'asc',
      q: '50%_off',
      role: 'staff',
      account_type: 'corporate',
      restricted: 'false',
      verified: 'true',
      from: '2026-01-01',
      to: '2026-02-28',
    })
    const exported = new URL(exportUrl(USERS_ENDPOINT, state), 'http://localhost')
    expect(exported.pathname).toBe('/api/admin/users/export.csv')
    const { page: _p, pageSize: _s, ...filters } = list
    expect(adminUserListQuerySchema.parse(Object.fromEntries(exported.searchParams))).toEqual({
      ...filters,
      page: 1,
      pageSize: 25,
    })
    expect(exported.searchParams.has('page')).toBe(false)
    expect(exported.searchParams.has('pageSize')).toBe(false)
  })
})

describe('links around the admin pages', () => {
  it('sends a signed-out visitor to sign in and back to the same view', () => {
    expect(signInLink('/admin/users?role=staff&q=a b')).toBe(
      '/sign-in?callbackUrl=%2Fadmin%2Fusers%3Frole%3Dstaff%26q%3Da+b',
    )
  })

  it('returns from a user to the table view they came from, and only to a query string', () => {
    expect(listSearchFrom({ listSearch: '?role=staff&page=2' })).toBe('?role=staff&page=2')
    expect(listSearchFrom({ listSearch: '//evil.example' })).toBe('')
    expect(listSearchFrom({ listSearch: 3 })).toBe('')
    expect(listSearchFrom(null)).toBe('')
    expect(listSearchFrom('?x')).toBe('')
  })
})

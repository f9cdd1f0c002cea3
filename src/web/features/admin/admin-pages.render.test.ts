import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { AdminUser, AdminUserDetail } from '../../../shared/contract/admin-users'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { ApiError } from '../../lib/api-error'
import { listQueryParams, readTableState } from '../../lib/url-state'
import { adminUserKeys } from './admin-users-api'
import { UserPage } from './user-page'
import { UsersPage } from './users-page'
import { USERS_TABLE } from './users-table-state'

// The admin pages rendered to HTML in Node (no DOM), with answers put in the query cache first.

const user = (i: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  id: `0000000${i}-0000-7000-8000-000000000000`,
  name: `Member ${i}`,
  first_name: 'Member',
  last_name: String(i),
  email: `m${i}@example.test`,
  account_type: 'individual',
  business_name: null,
  industry: null,
  role: 'user',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-02T03:04:05.000Z',
  abilities: { changeRole: true, restrict: true, endSessions: true },
  ...extra,
})

function render(url: string, path: string, element: ReactElement, prepare: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  // The site identity names the business in every title.
  client.setQueryData(['site'], {
    name: 'Depot',
    description: '',
    address: '',
    supportEmail: null,
    accentColor: '#4338ca',
    logoUrl: null,
    faviconUrl: null,
  })
  prepare(client)
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(MemoryRouter, { initialEntries: [url] }, h(Routes, null, h(Route, { path, element }))),
    ),
  )
}

describe('the users page', () => {
  it('shows the users with their role, functions, verification and restriction', () => {
    const search = '?q=50%25&role=staff&sort=name&order=asc&pageSize=10&page=2&keep=1'
    const query = listQueryParams(readTableState(new URLSearchParams(search), USERS_TABLE))
    const html = render(`/admin/users${search}`, '/admin/users', h(UsersPage), (client) =>
      client.setQueryData([...adminUserKeys.lists(), query], {
        items: [
          user(1, { role: 'admin' }),
          user(2, { role: 'staff', staffFunctions: ['ManageFolders', 'AccessShop'], emailVerified: null }),
          user(3, { isRestricted: true, account_type: 'corporate', business_name: 'Biz' }),
        ],
        page: 2,
        pageSize: 10,
        total: 13,
        totalPages: 2,
      }),
    )
    expect(html).toContain(
      '<h1 class="text-3xl font-bold tracking-tight text-fg [overflow-wrap:anywhere]">Users</h1>',
    )
    expect(html).toMatch(/aria-sort="ascending"[^>]*><button[^>]*>Name/)
    expect(html).toContain('All (admin)')
    expect(html).toContain('Manage folders')
    expect(html).toContain('Access shop')
    expect(html).toContain('Not verified')
    expect(html).toContain('Restricted</span>')
    expect(html).toContain('Corporate')
    expect(html).not.toContain('Biz') // the business column is hidden until shown
    expect(html).toContain('href="/admin/users/00000001-0000-7000-8000-000000000000"')
    expect(html).toContain('aria-label="Select Member 2"')
    expect(html).toContain('value="50%"')
    expect(html).toContain('<option value="staff" selected="">Staff</option>')
    expect(html).toContain(
      'href="/api/admin/users/export.csv?sort=name&amp;order=asc&amp;q=50%25&amp;role=staff"',
    )
  })
})

describe('a user page', () => {
  const detail = (extra: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
    ...user(2, { role: 'staff', staffFunctions: ['AccessShop'] }),
    sessions: 2,
    providers: ['oidc'],
    twoFactorEnabled: false,
    ...extra,
  })
  const renderUser = (data: AdminUserDetail) =>
    render(`/admin/users/${data.id}`, '/admin/users/:id', h(UserPage), (client) =>
      client.setQueryData(adminUserKeys.detail(data.id), data),
    )

  it('offers the role, staff functions, restriction and sessions the admin may change', () => {
    const html = renderUser(detail())
    expect(html).toMatch(/<h1[^>]*>Member 2<\/h1>/)
    expect(html).toContain('<option value="staff" selected="">Staff</option>')
    expect(html).toMatch(/<input type="checkbox"[^>]*id="[^"]*-AccessShop"[^>]*\schecked=""/)
    expect(html).toMatch(/<input type="checkbox"[^>]*id="[^"]*-ManageFolders"(?![^>]*checked)[^>]*\/>/)
    expect(html).toContain('Save changes')
    expect(html).toContain('Restrict account')
    expect(html).toContain('Signed in on 2 devices.')
    expect(html).toContain('Sign out everywhere')
    expect(html).toContain('oidc')
  })

  it('shows only what the abilities allow', () => {
    const html = renderUser(
      detail({
        role: 'admin',
        staffFunctions: [],
        abilities: { changeRole: false, restrict: false, endSessions: false },
      }),
    )
    expect(html).toMatch(/<select[^>]*\sdisabled=""/)
    expect(html).toContain('You cannot change this role')
    expect(html).not.toContain('Save changes')
    expect(html).not.toContain('Restrict account')
    expect(html).toContain('You cannot restrict this account')
    expect(html).not.toContain('Sign out everywhere')
    expect(html).not.toContain('Staff functions</legend>')
  })

  it('offers to lift a restriction', () => {
    const html = renderUser(detail({ isRestricted: true }))
    expect(html).toContain('Lift restriction')
    expect(html).not.toContain('Restrict account')
  })
})

describe('who may not see the admin pages', () => {
  it('tells 401 and 403 apart from other failures', () => {
    const error = (status: number) => new ApiError({ status, code: 'x', title: 'x' })
    expect(accessProblemStatus(error(401))).toBe(401)
    expect(accessProblemStatus(error(403))).toBe(403)
    expect(accessProblemStatus(error(404))).toBeUndefined()
    expect(accessProblemStatus(new Error('x'))).toBeUndefined()
    expect(accessProblemStatus(null)).toBeUndefined()
  })

  it('sends a signed-out visitor to sign in and back, and tells a non-admin they are not allowed', () => {
    const signedOut = render(
      '/admin/users?x=1',
      '/admin/users',
      h(AccessProblem, { status: 401, need: 'admin', action: 'manage users' }),
      () => {},
    )
    expect(signedOut).toContain('Sign in to continue')
    expect(signedOut).toContain('href="/sign-in?callbackUrl=%2Fadmin%2Fusers%3Fx%3D1"')
    const member = render(
      '/admin/users',
      '/admin/users',
      h(AccessProblem, { status: 403, need: 'admin', action: 'manage users' }),
      () => {},
    )
    expect(member).toContain('Not allowed')
    expect(member).toContain('You need the admin role to manage users. Ask an admin.')
  })

  it('tells staff or a customer on a shop page which staff function they are missing', () => {
    const customer = render(
      '/staff/orders',
      '/staff/orders',
      h(AccessProblem, { status: 403, need: 'AccessShop', action: 'see orders' }),
      () => {},
    )
    expect(customer).toContain('You need the AccessShop staff function to see orders. Ask an admin.')
    expect(customer).not.toContain('manage users')
    const signedOut = render(
      '/staff/orders',
      '/staff/orders',
      h(AccessProblem, { status: 401, need: 'AccessShop', action: 'see orders' }),
      () => {},
    )
    expect(signedOut).toContain('This page is for admins and staff with the AccessShop function.')
  })
})

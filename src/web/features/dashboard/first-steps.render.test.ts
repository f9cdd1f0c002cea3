import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../shared/contract/accounts'
import type { FirstSteps } from '../../../shared/contract/first-steps'
import { sessionKey } from '../accounts/sessions/session'
import { DashboardPage } from './dashboard-page'
import { firstStepsKey } from './first-steps'

// The first steps of a new site on the dashboard, drawn from the server's answer: shown to admins
// while a step is left and nobody hid them, each step linked to where it is done and ticked when done.

const user = (role: SessionUser['role']): SessionUser => ({
  id: 'u1',
  name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.test',
  image: null,
  account_type: 'individual',
  role,
  staffFunctions: [],
})

const STEPS: FirstSteps = {
  steps: [
    { key: 'logo', done: false },
    { key: 'product', done: true },
    { key: 'staff', done: false },
    { key: 'mailbox', done: false },
  ],
  hidden: false,
  show: true,
}

function render(role: SessionUser['role'], steps: FirstSteps) {
  const client = new QueryClient()
  client.setQueryData(sessionKey, user(role))
  client.setQueryData(firstStepsKey, steps)
  const router = createMemoryRouter([{ path: '/staff/dashboard', element: h(DashboardPage) }], {
    initialEntries: ['/staff/dashboard?period=30d'],
  })
  return renderToStaticMarkup(h(QueryClientProvider, { client }, h(RouterProvider, { router })))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('first steps on the dashboard', () => {
  it('lists the four steps with their links, the product one ticked, and a Hide', () => {
    const html = render('admin', STEPS)
    expect(html).toMatch(/<section[^>]*aria-labelledby="first-steps-title"/)
    expect(html).toMatch(/<h2 id="first-steps-title"[^>]*>First steps<\/h2>/)
    expect(text(html)).toContain('3 of 4 still to do')
    expect(html).toMatch(/<a [^>]*href="\/admin\/site"[^>]*>Add a logo<\/a>/)
    expect(html).toMatch(/<a [^>]*href="\/admin\/products\/new"[^>]*>Add your first product<\/a>/)
    expect(html).toMatch(/<a [^>]*href="\/admin\/users"[^>]*>Invite staff<\/a>/)
    expect(html).toMatch(/<a [^>]*href="\/admin\/inbox-settings"[^>]*>Connect the mailbox<\/a>/)
    expect(html.match(/Done\./g)).toHaveLength(1)
    expect(html).toMatch(/data-step="product"[\s\S]*?Done\./)
    expect(html).toMatch(/<button[^>]*>Hide<\/button>/)
  })

  it('is not shown once hidden or all done, nor to staff', () => {
    expect(render('admin', { ...STEPS, hidden: true, show: false })).not.toContain('First steps')
    expect(render('admin', { ...STEPS, show: false })).not.toContain('First steps')
    expect(render('staff', STEPS)).not.toContain('First steps')
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { QuoteDetail, QuoteSummary } from '../../../shared/contract/inbox-staff'
import { listQueryParams, readTableState } from '../../lib/url-state'
import { TriageEntryPage } from './entry-page'
import { inboxStaffKeys } from './inbox-staff-api'
import { QuotesPage } from './triage-pages'
import { QUOTES_TABLE } from './triage-tables'

// The triage pages rendered to HTML in Node (no DOM), with answers put in the query cache first.

const quote = (i: number, extra: Partial<QuoteSummary> = {}): QuoteSummary => ({
  id: `0000000${i}-0000-7000-8000-000000000000`,
  first_name: 'Vera',
  last_name: `Visitor${i}`,
  email: `v${i}@example.test`,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  assignedTo: null,
  assignedAt: null,
  abilities: { resolve: true, reopen: false, delete: true, reply: true, assign: true },
  business_name: 'Vera Ventures',
  industry: 'Print',
  phone: null,
  service: 'Brochures',
  excerpt: 'Five hundred brochures',
  ...extra,
})

function render(url: string, path: string, element: ReactElement, prepare: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  prepare(client)
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(MemoryRouter, { initialEntries: [url] }, h(Routes, null, h(Route, { path, element }))),
    ),
  )
}

describe('the quote requests table', () => {
  it('shows the page of the URL, with the filters it names, the links and an export of exactly them', () => {
    const search = '?q=vera&status=resolved&from=2026-11-01&sort=name&order=asc&page=2&pageSize=10'
    const query = listQueryParams(readTableState(new URLSearchParams(search), QUOTES_TABLE))
    const html = render(`/staff/quotes${search}`, '/staff/quotes', h(QuotesPage), (client) =>
      client.setQueryData([...inboxStaffKeys.lists('quote'), query], {
        items: [
          quote(1),
          quote(2, {
            status: 'resolved',
            resolvedAt: '2026-11-21T09:00:00.000Z',
            resolvedBy: { id: 'x', name: 'Sol Staff' },
            abilities: { resolve: false, reopen: true, delete: true, reply: true, assign: true },
          }),
        ],
        page: 2,
        pageSize: 10,
        total: 12,
        totalPages: 2,
      }),
    )
    expect(html).toContain('>Quote requests</h1>')
    expect(html).toMatch(/aria-sort="ascending"[^>]*><button[^>]*>From/)
    expect(html).toContain('href="/staff/quotes/00000001-0000-7000-8000-000000000000"')
    expect(html).toContain('Vera Ventures')
    expect(html).toContain('Brochures')
    expect(html).not.toContain('Print') // industry is hidden until shown
    expect(html).toContain('Pending')
    expect(html).toContain('Resolved')
    expect(html).toContain('aria-label="Select Vera Visitor1"')
    expect(html).toContain('<option value="resolved" selected="">Resolved</option>')
    expect(html).toContain('value="2026-11-01"')
    expect(html).toContain(
      'href="/api/inbox/quotes/export.csv?sort=name&amp;order=asc&amp;q=vera&amp;status=resolved&amp;from=2026-11-01"',
    )
    // The three tables link to each other.
    expect(html).toContain('href="/staff/contacts"')
    expect(html).toContain('href="/staff/ebook"')
  })
})

describe('a quote request page', () => {
  const detail = (extra: Partial<QuoteDetail> = {}): QuoteDetail => {
    const { excerpt: _, ...rest } = quote(1)
    return { ...rest, message: 'Five hundred brochures,\ntri-fold, by Friday.', ...extra }
  }
  const renderEntry = (data: QuoteDetail) =>
    render(
      `/staff/quotes/${data.id}`,
      '/staff/quotes/:id',
      h(TriageEntryPage, { kind: 'quote' }),
      (client) => {
        client.setQueryData(inboxStaffKeys.detail('quote', data.id), data)
        client.setQueryData([...inboxStaffKeys.detail('quote', data.id), 'thread'], {
          items: [
            {
              id: 'm1',
              kind: 'reply',
              body: 'Happy to help,\nhere is our price.',
              author: { id: 'x', name: 'Sol Staff' },
              createdAt: '2026-11-21T09:00:00.000Z',
              delivery: 'sent',
            },
            {
              id: 'm2',
              kind: 'note',
              body: 'Called them too.',
              author: { id: 'y', name: 'Tess Triage' },
              createdAt: '2026-11-21T10:00:00.000Z',
              delivery: null,
            },
          ],
        })
      },
    )

  it('shows the whole message and offers to resolve a pending one', () => {
    const html = renderEntry(detail())
    expect(html).toContain('Five hundred brochures,\ntri-fold, by Friday.')
    expect(html).toContain('Mark resolved')
    expect(html).not.toContain('Reopen')
    expect(html).toContain('Not yet')
    // The conversation: the reply with its e-mail's state, then the note, and a box to write more.
    expect(html).toContain('<p>Happy to help,<br/>here is our price.</p>')
    expect(html.indexOf('Sol Staff')).toBeLessThan(html.indexOf('Tess Triage'))
    expect(html).toContain('>Sent<')
    expect(html).toContain('added an internal note')
    expect(html).toContain('Send reply')
    expect(html).toContain('Assigned to')
  })

  it('says who resolved it and when, and offers to reopen it', () => {
    const html = renderEntry(
      detail({
        status: 'resolved',
        resolvedAt: '2026-11-21T09:00:00.000Z',
        resolvedBy: { id: 'x', name: 'Sol Staff' },
        abilities: { resolve: false, reopen: true, delete: true, reply: true, assign: true },
      }),
    )
    expect(html).toContain('by Sol Staff')
    expect(html).toContain('Reopen')
    expect(html).not.toContain('Mark resolved')
  })
})

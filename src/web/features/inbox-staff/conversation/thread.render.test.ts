import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { InboxMessage } from '../../../../shared/contract/inbox-conversations'
import type { ContactDetail } from '../../../../shared/contract/inbox-staff'
import { TriageEntryPage } from '../entry-page'
import { inboxStaffKeys } from '../inbox-staff-api'
import { remoteImageCount, withRemoteImages } from './customer-message'

// A contact message's page with the customer's mailed answers on its thread, rendered to HTML in
// Node with the answers in the query cache first.

const ID = '00000001-0000-7000-8000-000000000000'

const contact = (extra: Partial<ContactDetail> = {}): ContactDetail => ({
  id: ID,
  first_name: 'Vera',
  last_name: 'Visitor',
  email: 'vera@example.test',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  assignedTo: null,
  assignedAt: null,
  abilities: { resolve: true, reopen: false, delete: true, reply: true, assign: true },
  subject: 'Opening hours',
  message: 'When are you open?',
  flag: null,
  ...extra,
})

const customer = (extra: Partial<InboxMessage>): InboxMessage => ({
  id: 'c1',
  kind: 'customer',
  body: 'Thanks, see you Monday.',
  author: { id: null, name: 'Vera Visitor' },
  createdAt: '2026-11-21T11:00:00.000Z',
  delivery: null,
  quoted: null,
  html: null,
  viaEmail: true,
  attachments: [],
  ...extra,
})

function renderEntry(entry: ContactDetail, items: InboxMessage[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(inboxStaffKeys.detail('contact', entry.id), entry)
  client.setQueryData([...inboxStaffKeys.detail('contact', entry.id), 'thread'], { items })
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(
        MemoryRouter,
        { initialEntries: [`/staff/contacts/${entry.id}`] },
        h(
          Routes,
          null,
          h(Route, { path: '/staff/contacts/:id', element: h(TriageEntryPage, { kind: 'contact' }) }),
        ),
      ),
    ),
  )
}

describe("the customer's messages on a thread", () => {
  it('shows the new text, folds the quoted history away and marks what came by e-mail', () => {
    const html = renderEntry(contact(), [
      customer({ quoted: 'On Monday, Sol wrote:\n> We open at nine.' }),
      customer({ id: 'c2', body: 'Written on the website.', viaEmail: false }),
    ])
    expect(html).toContain('Thanks, see you Monday.')
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Show quoted text<\/summary>/)
    expect(html).toContain('&gt; We open at nine.')
    expect(html).not.toMatch(/<details[^>]*open/)
    expect(html.match(/by e-mail/g)).toHaveLength(1)
    expect(html).toContain('on the website')
  })

  it("shows the server's sanitized HTML in its own box, with remote images held back", () => {
    const sanitized =
      '<p>Our <b>logo</b>:</p><img alt="Logo" data-remote-src="https://tracker.example/l.png?a=1&amp;b=2" />'
    const html = renderEntry(contact(), [customer({ body: 'Our logo:', html: sanitized })])
    expect(html).toContain('<div data-mail-html=""')
    expect(html).toContain('<p>Our <b>logo</b>:</p>')
    expect(html).not.toContain(' src="https://tracker.example')
    expect(html).toContain('1 remote image is')
    expect(html).toContain('Load images')
  })

  it('turns the held-back addresses into sources only when asked, without a referrer', () => {
    const sanitized = '<img alt="A" data-remote-src="https://a.example/1.png" /><img alt="B" />'
    expect(remoteImageCount(sanitized)).toBe(1)
    expect(withRemoteImages(sanitized)).toBe(
      '<img referrerpolicy="no-referrer" alt="A" src="https://a.example/1.png" /><img alt="B" />',
    )
  })

  it('lists the attachments with their name, size and a download link', () => {
    const html = renderEntry(contact(), [
      customer({
        attachments: [
          { id: 'a1', filename: 'floor plan.pdf', mimetype: 'application/pdf', size: 2048 },
          { id: 'a2', filename: 'photo.jpg', mimetype: 'image/jpeg', size: 512 },
        ],
      }),
    ])
    expect(html).toContain('2 attachments')
    expect(html).toContain(`href="/api/inbox/contacts/${ID}/attachments/a1"`)
    expect(html).toContain('download="floor plan.pdf"')
    expect(html).toContain('2 KB')
    expect(html).toContain('512 bytes')
  })

  it('says why an entry made from mail is held', () => {
    const held = renderEntry(contact({ flag: 'unknown_sender' }), [])
    expect(held).toContain('Held for a look')
    expect(held).toContain('never written to us')
    const oversized = renderEntry(contact({ flag: 'oversized' }), [])
    expect(oversized).toContain('larger than the mailbox reader takes')
    expect(renderEntry(contact(), [])).not.toContain('Held for a look')
  })
})

describe('staff messages on a thread', () => {
  it('shows a reply’s Markdown rendered, as the e-mail did, and a note as typed', () => {
    const staff = { id: 'u1', name: 'Tess Triage' }
    const html = renderEntry(contact(), [
      {
        id: 'r1',
        kind: 'reply',
        body: 'We open at **nine**.',
        author: staff,
        createdAt: '2026-11-21T12:00:00.000Z',
        delivery: 'sent',
      },
      {
        id: 'n1',
        kind: 'note',
        body: 'Ask **Sol**.',
        author: staff,
        createdAt: '2026-11-21T13:00:00.000Z',
        delivery: null,
      },
    ])
    expect(html).toContain('We open at <strong>nine</strong>.')
    expect(html).not.toContain('**nine**')
    expect(html).toContain('Ask **Sol**.')
  })
})

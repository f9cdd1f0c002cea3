import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { InboxSettings } from '../../../../shared/contract/inbox-staff'
import { InboxSettingsPage } from './inbox-settings-page'
import { PrivacyPage } from './privacy-page'

// The admin's inbox pages rendered to HTML in Node, with the settings put in the query cache first.

const EBOOK_ID = '01234567-89ab-7cde-8f01-23456789abcd'

function render(
  element: ReturnType<typeof h>,
  settings?: InboxSettings,
  seed: (client: QueryClient) => void = () => {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  if (settings) client.setQueryData(['admin', 'inbox-settings'], settings)
  seed(client)
  return renderToStaticMarkup(h(QueryClientProvider, { client }, h(MemoryRouter, null, element)))
}

describe('the inbox settings page', () => {
  it('lists the services in order with ways to move and remove each, and the chosen e-book by name', () => {
    const html = render(
      h(InboxSettingsPage),
      { services: ['Design', 'Printing'], ebookFileId: EBOOK_ID, ebookPublished: true, retentionDays: null },
      // The file manager's answer for GET /api/files/:id.
      (client) =>
        client.setQueryData(['files', 'file', EBOOK_ID], {
          file: { id: EBOOK_ID, filename: 'Growth guide.pdf', size: 2048 },
          breadcrumbs: [],
        }),
    )
    expect(html.indexOf('Design')).toBeLessThan(html.indexOf('Printing'))
    expect(html).toContain('aria-label="Move Design up"')
    expect(html).toMatch(
      /aria-label="Move Design up"[^>]*\sdisabled=""|\sdisabled=""[^>]*aria-label="Move Design up"/,
    )
    expect(html).toContain('aria-label="Remove Printing"')
    // The file is shown by its name, with a way to clear it and to search for another; no raw id field.
    expect(html).toContain('Growth guide.pdf')
    expect(html).toMatch(/<button[^>]*>.*Clear<\/button>/s)
    expect(html).toContain('Choose another file')
    expect(html).toContain('type="search"')
    expect(html).not.toContain(`value="${EBOOK_ID}"`)
    expect(html).not.toContain('E-book file id')
    // Retention is off: no days field until it is turned on.
    expect(html).not.toContain('Days to keep resolved entries')
    expect(html).toMatch(/<button type="submit"[^>]*\sdisabled=""/) // nothing changed yet
  })

  it('shows the days when retention is on', () => {
    const html = render(h(InboxSettingsPage), {
      services: [],
      ebookFileId: null,
      ebookPublished: false,
      retentionDays: 90,
    })
    expect(html).toContain('No services listed.')
    expect(html).toContain('No e-book file chosen.')
    expect(html).toContain('Find the e-book file')
    expect(html).not.toContain('>Clear<')
    // No file: the e-book is not offered for publishing.
    expect(html).toContain('Choose the file first: the e-book can be published only with a file.')
    expect(html).toMatch(/<input[^>]*id="ebook-published"[^>]*\sdisabled=""/)
    expect(html).toContain('Days to keep resolved entries')
    expect(html).toContain('value="90"')
  })
})

describe("the inbox settings page's mailbox line", () => {
  const base = { services: [], ebookFileId: null, ebookPublished: false, retentionDays: null }

  it('warns when the mailbox cannot be read: the error, when it was last reached, and that it retries', () => {
    const html = render(h(InboxSettingsPage), {
      ...base,
      mailbox: {
        configured: true,
        mailboxes: [
          {
            mailbox: 'INBOX',
            lastError: 'Authentication failed: invalid credentials',
            lastErrorAt: '2026-11-22T10:05:00.000Z',
            lastSuccessAt: '2026-11-22T09:00:00.000Z',
          },
        ],
      },
    })
    expect(html).toContain('role="alert"')
    expect(html).toContain('The inbox mailbox (INBOX) cannot be read')
    expect(html).toContain('Authentication failed: invalid credentials')
    expect(html).toContain('It was last reached')
    expect(html).toContain('keeps retrying')
  })

  it('says nothing alarming once the mailbox is read again', () => {
    const html = render(h(InboxSettingsPage), {
      ...base,
      mailbox: {
        configured: true,
        mailboxes: [
          {
            mailbox: 'INBOX',
            lastError: null,
            lastErrorAt: '2026-11-22T10:05:00.000Z',
            lastSuccessAt: '2026-11-22T10:06:00.000Z',
          },
        ],
      },
    })
    expect(html).not.toContain('cannot be read')
    expect(html).toContain('last read')
  })

  it('says answers by e-mail are not read when no mailbox is configured, and where to read how', () => {
    const html = render(h(InboxSettingsPage), { ...base, mailbox: { configured: false, mailboxes: [] } })
    expect(html).toContain('Replies by e-mail are not read')
    expect(html).toContain('INBOUND_IMAP_URL')
    expect(html).toContain('docs/deploy.md')
  })
})

describe('the privacy page', () => {
  it('asks for the address before it offers to export or erase', () => {
    const html = render(h(PrivacyPage))
    expect(html).toContain('E-mail address')
    expect(html).toMatch(/<button type="submit"[^>]*\sdisabled=""[^>]*>.*Download export \(JSON\)/s)
    expect(html).toMatch(/\sdisabled=""[^>]*>.*Erase everything…/s)
  })
})

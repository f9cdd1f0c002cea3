import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { MyRequest, MyRequestList } from '../../../../shared/contract/my-requests'
import { ApiError } from '../../../lib/api-error'
import { myRequestsKey } from './my-requests-api'
import { MyRequestPage, MyRequestsPage } from './my-requests-page'

// "My requests" rendered to HTML in Node, with the list in the query cache first (or not: loading).

const QUOTE_ID = '00000001-0000-7000-8000-000000000000'

const request = (extra: Partial<MyRequest> = {}): MyRequest => ({
  kind: 'quote',
  id: QUOTE_ID,
  title: 'Brochures',
  message: 'Five hundred brochures,\ntri-fold.',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  messages: [],
  ...extra,
})

function render(url: string, path: string, element: ReactElement, data?: MyRequestList | ApiError) {
  // A failed query stays failed while rendering (no new attempt as the page mounts).
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retryOnMount: false } },
  })
  if (data instanceof ApiError) {
    // The list's request failed: the query holds the error, as after a failed fetch.
    client
      .getQueryCache()
      .build(client, { queryKey: myRequestsKey })
      .setState({ status: 'error', error: data, fetchStatus: 'idle', errorUpdatedAt: 1 })
  } else if (data) client.setQueryData(myRequestsKey, data)
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(MemoryRouter, { initialEntries: [url] }, h(Routes, null, h(Route, { path, element }))),
    ),
  )
}

const list = (data?: MyRequestList | ApiError) =>
  render('/account/requests', '/account/requests', h(MyRequestsPage), data)
const one = (url: string, data?: MyRequestList) =>
  render(url, '/account/requests/:kind/:id', h(MyRequestPage), data)

describe('the My requests list', () => {
  it('lists each request with its kind, status and how many replies it has, linking to its page', () => {
    const html = list({
      items: [
        request({
          messages: [
            {
              id: 'm1',
              from: 'staff',
              author: 'Sol Staff',
              body: 'Our price',
              createdAt: '2026-11-21T09:00:00.000Z',
            },
          ],
        }),
        request({ kind: 'contact', id: 'c1', title: 'Opening hours', status: 'resolved' }),
      ],
    })
    expect(html).toContain('>My requests</h1>')
    expect(html).toContain(`href="/account/requests/quote/${QUOTE_ID}"`)
    expect(html).toContain('href="/account/requests/contact/c1"')
    expect(html).toContain('Quote request')
    expect(html).toContain('1 reply')
    expect(html).toContain('no reply yet')
    expect(html).toContain('>Open<')
    expect(html).toContain('>Resolved<')
  })

  it('says when there is nothing yet, and shows a loading state before the answer', () => {
    expect(list({ items: [] })).toContain('No requests yet')
    const loading = list()
    expect(loading).toContain('aria-busy="true"')
    expect(loading).toContain('Loading your requests')
  })

  it('says what went wrong with a way to try again, and asks a signed-out visitor to sign in', () => {
    const failed = list(
      new ApiError({ status: 503, code: 'unavailable', title: 'The server is busy; try again.' }),
    )
    expect(failed).toContain('Could not load your requests')
    expect(failed).toContain('The server is busy; try again.')
    expect(failed).toContain('Try again')
    const signedOut = list(new ApiError({ status: 401, code: 'unauthorized', title: 'Sign in first.' }))
    expect(signedOut).toContain('Sign in to see your requests')
    expect(signedOut).toContain('href="/sign-in?callbackUrl=%2Faccount%2Frequests"')
  })
})

describe("one request's page", () => {
  const answered = request({
    status: 'resolved',
    messages: [
      {
        id: 'm1',
        from: 'staff',
        author: 'Sol Staff',
        body: 'Happy to help.',
        createdAt: '2026-11-21T09:00:00.000Z',
      },
      {
        id: 'm2',
        from: 'customer',
        author: 'Vera',
        body: 'Go ahead.',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  })

  it('shows what they wrote, then the replies and their answers in order, and a box to answer', () => {
    const html = one(`/account/requests/quote/${QUOTE_ID}`, { items: [answered] })
    expect(html).toContain('>Brochures</h1>')
    expect(html).toContain('Five hundred brochures,\ntri-fold.')
    expect(html.indexOf('Five hundred')).toBeLessThan(html.indexOf('Happy to help.'))
    expect(html.indexOf('Happy to help.')).toBeLessThan(html.indexOf('Go ahead.'))
    expect(html).toContain('Sol Staff')
    expect(html).toContain('Your answer')
    expect(html).toContain('answering opens it again')
    expect(html).toContain('Send answer')
    expect(html).toContain('href="/account/requests"')
  })

  it('says so when the request is not theirs or the kind is wrong', () => {
    expect(one(`/account/requests/contact/${QUOTE_ID}`, { items: [answered] })).toContain('No such request')
    expect(one(`/account/requests/other/${QUOTE_ID}`, { items: [answered] })).toContain('No such request')
    expect(one(`/account/requests/quote/${QUOTE_ID}`)).toContain('Loading this request')
  })
})

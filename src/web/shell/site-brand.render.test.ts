import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { SiteIdentity } from '../../shared/contract/site'
import { siteKey } from '../features/site/site-api'
import { SiteBrand } from './site-brand'

// The header's home link always has a name: the business's once it is known, "Home" before.

function render(site?: Partial<SiteIdentity>): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })
  if (site) client.setQueryData(siteKey, site)
  const router = createMemoryRouter([{ path: '/', element: h(SiteBrand) }])
  return renderToStaticMarkup(h(QueryClientProvider, { client }, h(RouterProvider, { router })))
}

describe('SiteBrand', () => {
  it('names the link after the business once its identity is known', () => {
    const html = render({ name: 'Ada Prints', logoUrl: null })
    expect(html).toMatch(/<a [^>]*href="\/"/)
    expect(html).toContain('>Ada Prints</span>')
    expect(html).not.toContain('>Home<')
  })

  it('says "Home" to assistive technology while the identity is loading', () => {
    const html = render()
    expect(html).toMatch(/<a [^>]*href="\/"/)
    expect(html).toContain('<span class="sr-only">Home</span>')
  })
})

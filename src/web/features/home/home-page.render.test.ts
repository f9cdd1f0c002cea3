import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { CatalogueItem } from '../../../shared/contract/shop/products'
import type { SiteWords } from '../../../shared/contract/site'
import { featuredKey } from '../shop/storefront/featured-api'
import { siteWordsKey } from '../site/site-api'
import { HomePage } from './home-page'

// The home page as the server renders it: the owner's intro and cards through the safe Markdown (HTML
// typed into them only as text), the featured products as links, and the standard cards until the
// owner writes their own.

const product = (name: string, slug: string): CatalogueItem => ({
  id: `id-${slug}`,
  name,
  slug,
  type: 'Prints',
  price: 150_000,
  currency: 'NGN',
  cover_photo: null,
  createdAt: '2026-11-01T00:00:00.000Z',
})

function render(words: SiteWords, featured: CatalogueItem[], element: ReactElement = h(HomePage)) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(['site'], { name: 'Acme', description: 'Posters from Lagos', address: '' })
  client.setQueryData(siteWordsKey, words)
  client.setQueryData(featuredKey, { items: featured })
  return renderToStaticMarkup(
    h(QueryClientProvider, { client }, h(MemoryRouter, { initialEntries: ['/'] }, element)),
  )
}

const WORDS: SiteWords = {
  homeIntro: 'We draw **every poster** by hand. <script>alert(1)</script>',
  shopHeading: 'Shop',
  shopTagline: 'Our products.',
  homeCards: [{ title: 'Made <b>here</b>', body: 'On *recycled* paper. [Our blog](https://blog.example)' }],
}

describe('the home page', () => {
  it('shows the owner’s intro, cards and featured products, HTML only as text', () => {
    const html = render(WORDS, [product('Poster pack', 'poster-pack'), product('Zine', 'zine')])
    expect(html).toContain('<strong>every poster</strong>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toMatch(/<script|<b>/)
    expect(html).toContain('Made &lt;b&gt;here&lt;/b&gt;')
    expect(html).toContain('<em>recycled</em>')
    expect(html).toMatch(/<a href="https:\/\/blog.example\/" rel="noopener nofollow"/)
    expect(html).toMatch(/<h2 id="featured-heading"[^>]*>Featured products<\/h2>/)
    expect(html.indexOf('href="/shop/poster-pack"')).toBeLessThan(html.indexOf('href="/shop/zine"'))
    expect(html).toMatch(/<h3[^>]*><a[^>]*href="\/shop\/zine"/)
    expect(html).not.toContain('What you can do here')
  })

  it('shows the standard cards while the owner has none, and no featured section without products', () => {
    const html = render({ ...WORDS, homeCards: null }, [])
    expect(html).toContain('What you can do here')
    expect(html).toContain('href="/files"')
    expect(html).not.toContain('Featured products')
    const none = render({ ...WORDS, homeCards: [] }, [])
    expect(none).not.toContain('What you can do here')
  })
})

import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CartLink } from './header-cart'

// The header's cart link: it goes to /cart, says how many items for screen readers, and shows the
// count on the icon (capped so the badge stays small).

function render(count: number): string {
  const router = createMemoryRouter([{ path: '/', element: h(CartLink, { count }) }])
  return renderToStaticMarkup(h(RouterProvider, { router }))
}

describe('CartLink', () => {
  it('links to the cart with the item count in its accessible name and on the badge', () => {
    const html = render(3)
    expect(html).toMatch(/<a [^>]*href="\/cart"/)
    expect(html).toContain('aria-label="Cart, 3 items"')
    expect(html).toMatch(/data-testid="cart-count"[^>]*>3<\/span>/)
  })

  it('reads "1 item" in the singular and shows no badge when empty', () => {
    expect(render(1)).toContain('aria-label="Cart, 1 item"')
    const empty = render(0)
    expect(empty).toContain('aria-label="Cart, empty"')
    expect(empty).not.toContain('cart-count')
  })

  it('caps the badge at 99+ but says the real count', () => {
    const html = render(150)
    expect(html).toContain('aria-label="Cart, 150 items"')
    expect(html).toContain('>99+</span>')
  })
})

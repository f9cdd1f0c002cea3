import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MarkdownView } from './markdown-view'

// The product page's description as React renders it: Markdown formatting, and HTML only as text.

describe('MarkdownView', () => {
  it('renders the subset and never raw HTML', () => {
    const html = renderToStaticMarkup(
      h(MarkdownView, {
        source:
          '## Inside\n\n- **Bold** item\n- <img src=x onerror=alert(1)>\n\n<script>alert(1)</script> [site](https://example.com) [bad](javascript:alert(1))',
      }),
    )
    expect(html).toContain('<h3')
    expect(html).toContain('<strong>Bold</strong>')
    expect(html).not.toMatch(/<script|<img|javascript:/i)
    // Shown as text: the angle brackets are escaped.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toMatch(/<a href="https:\/\/example.com\/" rel="noopener nofollow" target="_blank"/)
  })
})

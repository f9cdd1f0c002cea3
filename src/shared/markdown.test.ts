import { describe, expect, it } from 'vitest'
import { markdownToHtml, markdownToText, parseMarkdown, safeHref } from './markdown'

describe('product description Markdown', () => {
  it('renders the supported subset', () => {
    expect(markdownToHtml('# Title\n\nSome **bold** and *soft* `code`.\nNext line')).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>soft</em> <code>code</code>.<br>Next line</p>',
    )
    expect(markdownToHtml('- one\n- two\n\n1. a\n2. b')).toBe(
      '<ul><li>one</li><li>two</li></ul>\n<ol><li>a</li><li>b</li></ol>',
    )
    expect(markdownToHtml('```\n<b>x</b>\n```')).toBe('<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>')
  })

  it('shows raw HTML as text, never as markup', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('links only http, https and mailto, with rel="noopener nofollow"', () => {
    expect(markdownToHtml('[site](https://example.com/a?b=1&c=2)')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow" target="_blank">site</a></p>',
    )
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('href')
    expect(markdownToHtml('[x](data:text/html,hi)')).not.toContain('href')
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c')
    expect(safeHref('/relative')).toBeNull()
    expect(markdownToHtml('[x](https://e.com/" onmouseover="y)')).not.toMatch(/" onmouseover/)
  })

  it('links bare web addresses', () => {
    const [block] = parseMarkdown('See https://example.com/docs.')
    expect(block).toEqual({
      kind: 'paragraph',
      children: [
        { kind: 'text', text: 'See ' },
        {
          kind: 'link',
          href: 'https://example.com/docs',
          children: [{ kind: 'text', text: 'https://example.com/docs' }],
        },
        { kind: 'text', text: '.' },
      ],
    })
  })
})

describe('Markdown as plain text', () => {
  it('drops the marks and keeps the words, links and list items', () => {
    expect(
      markdownToText(
        '## Prices\n\nThree **engines**, _delivered_.\nSee [terms](https://example.com/t) or https://example.com\n\n- one\n- two\n\n1. first\n\n> said\n\n<b>raw</b> and [mail](mailto:a@example.com)',
      ),
    ).toBe(
      'Prices\n\nThree engines, delivered.\nSee terms (https://example.com/t) or https://example.com\n\n- one\n- two\n\n1. first\n\n> said\n\n<b>raw</b> and mail (a@example.com)',
    )
  })
})

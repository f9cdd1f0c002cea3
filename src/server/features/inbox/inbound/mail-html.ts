import sanitizeHtml from 'sanitize-html'

// A customer's HTML mail made safe to show staff (decision 0128): sanitize-html keeps the text and
// its plain formatting and drops scripts, styles, forms, frames and event handlers. No image loads by
// itself: a remote image's address moves to data-remote-src (the page may offer to load it when staff
// ask), and an embedded cid: image, kept as an attachment, becomes its alt text.

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center']

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['alt', 'width', 'height', 'data-remote-src'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      img: (tagName, attribs) => {
        const src = attribs.src ?? ''
        const kept: Record<string, string> = { alt: attribs.alt ?? '' }
        if (/^https?:\/\//i.test(src)) kept['data-remote-src'] = src
        return { tagName, attribs: kept }
      },
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    },
    // Text inside dropped containers (scripts, styles) goes with them.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  })
}

/** HTML's words as plain text: for an HTML-only mail's body. */
export function htmlToPlainText(html: string): string {
  const withBreaks = html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|tr|h\d|blockquote)>/gi, '\n')
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * Where the quoted history starts in a reply's HTML, as the common clients mark it: Gmail's
 * `gmail_quote` container, Apple Mail's `<blockquote type="cite">`, Outlook's `appendonsend` marker
 * or `divRplyFwdMsg` header block. Undefined when there is no marker, or nothing written before it.
 */
const QUOTE_MARKERS = [
  /<(?:div|blockquote)\b[^>]*\bclass\s*=\s*["']?[^"'>]*\bgmail_quote\b/i,
  /<blockquote\b[^>]*\btype\s*=\s*["']?cite\b/i,
  /<div\b[^>]*\bid\s*=\s*["']?(?:appendonsend|divRplyFwdMsg)\b/i,
]

export function splitQuotedHtml(html: string): { head: string; tail: string } | undefined {
  const starts = QUOTE_MARKERS.map((re) => re.exec(html)?.index).filter((i): i is number => i !== undefined)
  if (starts.length === 0) return undefined
  const cut = Math.min(...starts)
  const head = html.slice(0, cut)
  if (!htmlToPlainText(head)) return undefined
  return { head, tail: html.slice(cut) }
}

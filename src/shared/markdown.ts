// A small, safe Markdown subset for product descriptions (docs/decisions/0035). The text is parsed
// into a tree of known node kinds, never into HTML: the web app renders the tree as React elements
// (which escape every string), and markdownToHtml() escapes every string too. Raw HTML in the source
// is therefore shown as the text it is. Links keep only http, https and mailto targets and are
// rendered with rel="noopener nofollow" (and target="_blank" for the web ones).
//
// Blocks: paragraphs (single newlines are line breaks), headings (# … ###### → levels 2–4, the page
// title is the h1), bulleted and numbered lists (one level), block quotes, fenced code, rules.
// Inline: **bold**, *italic* or _italic_, `code`, [text](url), and bare https:// links.
// markdownToText() gives the plain text of the same tree, for the text part of an e-mail.

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineNode[] }
  | { kind: 'em'; children: InlineNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: InlineNode[] }
  | { kind: 'break' }

export type BlockNode =
  | { kind: 'paragraph'; children: InlineNode[] }
  | { kind: 'heading'; level: 2 | 3 | 4; children: InlineNode[] }
  | { kind: 'list'; ordered: boolean; items: InlineNode[][] }
  | { kind: 'quote'; children: InlineNode[] }
  | { kind: 'codeBlock'; text: string }
  | { kind: 'rule' }

export const LINK_REL = 'noopener nofollow'

/** The link target if it is one we allow (http, https, mailto), else null: the text stays, unlinked. */
export function safeHref(raw: string): string | null {
  const href = raw.trim()
  try {
    const url = new URL(href)
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href
  } catch {
    // not an absolute URL
  }
  return null
}

const BULLET = /^\s*[-*+]\s+(.*)$/
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/
const FENCE = /^\s*(```|~~~)/

export function parseMarkdown(source: string): BlockNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const blocks: BlockNode[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') {
      i++
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      const body: string[] = []
      i++
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!)
      i++ // the closing fence (or the end)
      blocks.push({ kind: 'codeBlock', text: body.join('\n') })
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const level = Math.min(4, Math.max(2, heading[1]!.length + 1)) as 2 | 3 | 4
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2]!) })
      i++
      continue
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' })
      i++
      continue
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = !BULLET.test(line)
      const pattern = ordered ? NUMBERED : BULLET
      const items: InlineNode[][] = []
      while (i < lines.length && pattern.test(lines[i]!)) {
        items.push(parseInline(pattern.exec(lines[i]!)![1]!))
        i++
      }
      blocks.push({ kind: 'list', ordered, items })
      continue
    }
    if (line.trimStart().startsWith('>')) {
      const body: string[] = []
      while (i < lines.length && lines[i]!.trimStart().startsWith('>')) {
        body.push(lines[i]!.trimStart().replace(/^>\s?/, ''))
        i++
      }
      blocks.push({ kind: 'quote', children: parseInline(body.join('\n')) })
      continue
    }
    const body: string[] = []
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !FENCE.test(lines[i]!) &&
      !HEADING.test(lines[i]!) &&
      !BULLET.test(lines[i]!) &&
      !NUMBERED.test(lines[i]!) &&
      !lines[i]!.trimStart().startsWith('>')
    ) {
      body.push(lines[i]!)
      i++
    }
    blocks.push({ kind: 'paragraph', children: parseInline(body.join('\n')) })
  }
  return blocks
}

/** Inline syntax, left to right; anything unmatched is text. */
export function parseInline(text: string): InlineNode[] {
  const out: InlineNode[] = []
  let plain = ''
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain })
    plain = ''
  }
  let i = 0
  while (i < text.length) {
    const rest = text.slice(i)
    const ch = text[i]!
    if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()#>+\-.!]/.test(text[i + 1]!)) {
      plain += text[i + 1]
      i += 2
      continue
    }
    if (ch === '\n') {
      flush()
      out.push({ kind: 'break' })
      i++
      continue
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1)
      if (end > i + 1) {
        flush()
        out.push({ kind: 'code', text: text.slice(i + 1, end) })
        i = end + 1
        continue
      }
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest)
    if (strong) {
      flush()
      out.push({ kind: 'strong', children: parseInline(strong[2]!) })
      i += strong[0].length
      continue
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1/.exec(rest)
    if (em && !(ch === '_' && /\w/.test(text[i - 1] ?? ''))) {
      flush()
      out.push({ kind: 'em', children: parseInline(em[2]!) })
      i += em[0].length
      continue
    }
    const link = /^\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)/.exec(rest)
    if (link) {
      const href = safeHref(link[2]!)
      flush()
      if (href) out.push({ kind: 'link', href, children: parseInline(link[1]!) })
      else out.push(...parseInline(link[1]!))
      i += link[0].length
      continue
    }
    const bare = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/.exec(rest)
    if (bare && !/\w/.test(text[i - 1] ?? '')) {
      const href = safeHref(bare[0])
      if (href) {
        flush()
        out.push({ kind: 'link', href, children: [{ kind: 'text', text: bare[0] }] })
        i += bare[0].length
        continue
      }
    }
    plain += ch
    i++
  }
  flush()
  return out
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

function inlineHtml(nodes: InlineNode[]): string {
  return nodes.map(inlineNodeHtml).join('')
}

function inlineNodeHtml(n: InlineNode): string {
  switch (n.kind) {
    case 'text':
      return escapeHtml(n.text)
    case 'break':
      return '<br>'
    case 'code':
      return `<code>${escapeHtml(n.text)}</code>`
    case 'strong':
      return `<strong>${inlineHtml(n.children)}</strong>`
    case 'em':
      return `<em>${inlineHtml(n.children)}</em>`
    case 'link': {
      const web = !n.href.startsWith('mailto:')
      return `<a href="${escapeHtml(n.href)}" rel="${LINK_REL}"${web ? ' target="_blank"' : ''}>${inlineHtml(n.children)}</a>`
    }
  }
}

/** The same tree as HTML, every string escaped (for e-mails and tests). */
export function markdownToHtml(source: string): string {
  return parseMarkdown(source).map(blockHtml).join('\n')
}

function blockHtml(b: BlockNode): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p>${inlineHtml(b.children)}</p>`
    case 'heading':
      return `<h${b.level}>${inlineHtml(b.children)}</h${b.level}>`
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul'
      return `<${tag}>${b.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`
    }
    case 'quote':
      return `<blockquote>${inlineHtml(b.children)}</blockquote>`
    case 'codeBlock':
      return `<pre><code>${escapeHtml(b.text)}</code></pre>`
    case 'rule':
      return '<hr>'
  }
}

function inlineText(nodes: InlineNode[]): string {
  return nodes.map(inlineNodeText).join('')
}

function inlineNodeText(n: InlineNode): string {
  switch (n.kind) {
    case 'text':
    case 'code':
      return n.text
    case 'break':
      return '\n'
    case 'strong':
    case 'em':
      return inlineText(n.children)
    case 'link': {
      const label = inlineText(n.children)
      const target = n.href.startsWith('mailto:') ? n.href.slice('mailto:'.length) : n.href
      return [target, n.href, n.href.replace(/\/$/, '')].includes(label) ? label : `${label} (${target})`
    }
  }
}

function blockText(b: BlockNode): string {
  switch (b.kind) {
    case 'paragraph':
      return inlineText(b.children)
    case 'heading':
      return inlineText(b.children)
    case 'list':
      return b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : '-'} ${inlineText(item)}`).join('\n')
    case 'quote':
      return inlineText(b.children)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')
    case 'codeBlock':
      return b.text
    case 'rule':
      return '---'
  }
}

/**
 * The same tree as plain text (an e-mail's text part): the emphasis marks dropped, a link as
 * "label (address)", list items as "- " or "1." lines, blocks a blank line apart.
 */
export function markdownToText(source: string): string {
  return parseMarkdown(source).map(blockText).join('\n\n')
}

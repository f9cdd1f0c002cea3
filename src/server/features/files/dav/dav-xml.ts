// The little XML WebDAV needs (RFC 4918 bodies: propfind, propertyupdate, lockinfo), parsed with
// namespaces resolved, and the escaping for what we write. Written here rather than taken from a
// package because it must never expand entities (no DOCTYPE at all: no XXE, no entity bombs) and
// must keep namespace URIs, which the small parsers on npm drop. Bodies are capped before parsing.

export interface XmlElement {
  /** Namespace URI ('' for none). */
  ns: string
  /** Local name. */
  name: string
  attrs: Record<string, string>
  children: XmlNode[]
  /** The prefix→URI bindings in scope at this element, to write it back with its namespaces. */
  scope: Record<string, string>
}
export type XmlNode = XmlElement | string

export class XmlError extends Error {}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decodeText(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_m, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16))
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10))
    const value = PREDEFINED[ref]
    if (value === undefined) throw new XmlError(`Unknown entity &${ref};`)
    return value
  })
}

const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?/

/** Parses a document into its root element; throws XmlError for anything that is not well-formed. */
export function parseXml(text: string): XmlElement {
  let i = 0
  const stack: { el: XmlElement; qname: string }[] = []
  let root: XmlElement | undefined
  const skip = (end: string, what: string) => {
    const at = text.indexOf(end, i)
    if (at < 0) throw new XmlError(`Unterminated ${what}.`)
    i = at + end.length
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i)
    const chunk = lt < 0 ? text.slice(i) : text.slice(i, lt)
    if (chunk.length > 0) {
      const top = stack.at(-1)
      if (top) top.el.children.push(decodeText(chunk))
      else if (chunk.trim() !== '') throw new XmlError('Text outside the root element.')
    }
    if (lt < 0) break
    i = lt
    if (text.startsWith('<?', i)) skip('?>', 'processing instruction')
    else if (text.startsWith('<!--', i)) skip('-->', 'comment')
    else if (text.startsWith('<![CDATA[', i)) {
      const start = i + 9
      skip(']]>', 'CDATA section')
      const top = stack.at(-1)
      if (!top) throw new XmlError('CDATA outside the root element.')
      top.el.children.push(text.slice(start, i - 3))
    } else if (text.startsWith('<!', i)) {
      // DOCTYPE and its entity declarations are refused outright.
      throw new XmlError('Document type declarations are not accepted.')
    } else if (text.startsWith('</', i)) {
      const close = text.indexOf('>', i)
      if (close < 0) throw new XmlError('Unterminated end tag.')
      const qname = text.slice(i + 2, close).trim()
      const open = stack.pop()
      if (!open || open.qname !== qname) throw new XmlError(`Mismatched end tag </${qname}>.`)
      i = close + 1
    } else {
      i++
      const nameMatch = NAME.exec(text.slice(i, i + 300))
      if (!nameMatch) throw new XmlError('Malformed start tag.')
      const qname = nameMatch[0]
      i += qname.length
      const rawAttrs: [string, string][] = []
      let selfClosing = false
      for (;;) {
        while (/\s/.test(text[i] ?? '')) i++
        if (text[i] === '>') {
          i++
          break
        }
        if (text.startsWith('/>', i)) {
          i += 2
          selfClosing = true
          break
        }
        const attr = NAME.exec(text.slice(i, i + 300))
        if (!attr) throw new XmlError('Malformed attribute.')
        i += attr[0].length
        while (/\s/.test(text[i] ?? '')) i++
        if (text[i] !== '=') throw new XmlError('Attribute without a value.')
        i++
        while (/\s/.test(text[i] ?? '')) i++
        const quote = text[i]
        if (quote !== '"' && quote !== "'") throw new XmlError('Unquoted attribute value.')
        const end = text.indexOf(quote, i + 1)
        if (end < 0) throw new XmlError('Unterminated attribute value.')
        rawAttrs.push([attr[0], decodeText(text.slice(i + 1, end))])
        i = end + 1
      }
      const parentScope = stack.at(-1)?.el.scope ?? { xml: 'http://www.w3.org/XML/1998/namespace' }
      const scope = { ...parentScope }
      for (const [k, v] of rawAttrs) {
        if (k === 'xmlns') scope[''] = v
        else if (k.startsWith('xmlns:')) {
          if (v === '') throw new XmlError('A namespace prefix cannot be unbound.')
          scope[k.slice(6)] = v
        }
      }
      const resolve = (q: string, isAttr: boolean): { ns: string; name: string } => {
        const colon = q.indexOf(':')
        if (colon < 0) return { ns: isAttr ? '' : (scope[''] ?? ''), name: q }
        const prefix = q.slice(0, colon)
        const ns = scope[prefix]
        if (ns === undefined) throw new XmlError(`Undeclared namespace prefix ${prefix}.`)
        return { ns, name: q.slice(colon + 1) }
      }
      const { ns, name } = resolve(qname, false)
      const attrs: Record<string, string> = {}
      for (const [k, v] of rawAttrs) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) continue
        const a = resolve(k, true)
        attrs[a.ns ? `{${a.ns}}${a.name}` : a.name] = v
      }
      const el: XmlElement = { ns, name, attrs, children: [], scope }
      const parent = stack.at(-1)
      if (parent) parent.el.children.push(el)
      else if (root) throw new XmlError('More than one root element.')
      else root = el
      if (!selfClosing) stack.push({ el, qname })
    }
  }
  if (stack.length > 0) throw new XmlError('Unclosed element.')
  if (!root) throw new XmlError('No root element.')
  return root
}

export const DAV_NS = 'DAV:'

export function elements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string')
}

export function child(el: XmlElement, name: string, ns = DAV_NS): XmlElement | undefined {
  return elements(el).find((c) => c.ns === ns && c.name === name)
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!)
}

/**
 * An element's content written back as XML, each element declaring its own namespace so the text
 * stands alone (a dead property's value, stored and later echoed inside another document).
 */
export function innerXml(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? escapeXml(c) : outerXml(c))).join('')
}

function outerXml(el: XmlElement): string {
  const attrs = Object.entries(el.attrs)
    .map(([k, v]) => {
      const m = /^\{(.*)\}(.*)$/.exec(k)
      // Namespaced attributes keep their namespace through a local prefix.
      return m ? ` xmlns:a="${escapeXml(m[1]!)}" a:${m[2]}="${escapeXml(v)}"` : ` ${k}="${escapeXml(v)}"`
    })
    .join('')
  const xmlns = el.ns ? ` xmlns="${escapeXml(el.ns)}"` : ' xmlns=""'
  const tag = el.name
  return el.children.length === 0
    ? `<${tag}${xmlns}${attrs}/>`
    : `<${tag}${xmlns}${attrs}>${innerXml(el)}</${tag}>`
}

/** The text of an element, concatenated. */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('')
}

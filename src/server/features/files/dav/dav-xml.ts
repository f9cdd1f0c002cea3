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

/** The parse under way: the text, the position in it, the elements still open, and the root once met. */
interface ParseState {
  text: string
  i: number
  stack: { el: XmlElement; qname: string }[]
  root: XmlElement | undefined
}

/** Parses a document into its root element; throws XmlError for anything that is not well-formed. */
export function parseXml(text: string): XmlElement {
  const state: ParseState = { text, i: 0, stack: [], root: undefined }
  while (state.i < text.length) {
    const lt = text.indexOf('<', state.i)
    addText(state, lt < 0 ? text.slice(state.i) : text.slice(state.i, lt))
    if (lt < 0) break
    state.i = lt
    readMarkup(state)
  }
  if (state.stack.length > 0) throw new XmlError('Unclosed element.')
  if (!state.root) throw new XmlError('No root element.')
  return state.root
}

/** Text between tags joins the open element; outside the root element only whitespace may stand. */
function addText(state: ParseState, chunk: string): void {
  if (chunk.length === 0) return
  const top = state.stack.at(-1)
  if (top) top.el.children.push(decodeText(chunk))
  else if (chunk.trim() !== '') throw new XmlError('Text outside the root element.')
}

/** The markup that starts at the `<` under the position, read up to its end. */
function readMarkup(state: ParseState): void {
  const { text, i } = state
  if (text.startsWith('<?', i)) skipPast(state, '?>', 'processing instruction')
  else if (text.startsWith('<!--', i)) skipPast(state, '-->', 'comment')
  else if (text.startsWith('<![CDATA[', i)) readCdata(state)
  else if (text.startsWith('<!', i)) {
    // DOCTYPE and its entity declarations are refused outright.
    throw new XmlError('Document type declarations are not accepted.')
  } else if (text.startsWith('</', i)) readEndTag(state)
  else readStartTag(state)
}

function skipPast(state: ParseState, end: string, what: string): void {
  const at = state.text.indexOf(end, state.i)
  if (at < 0) throw new XmlError(`Unterminated ${what}.`)
  state.i = at + end.length
}

function skipSpace(state: ParseState): void {
  while (/\s/.test(state.text[state.i] ?? '')) state.i++
}

function readCdata(state: ParseState): void {
  const start = state.i + 9
  skipPast(state, ']]>', 'CDATA section')
  const top = state.stack.at(-1)
  if (!top) throw new XmlError('CDATA outside the root element.')
  top.el.children.push(state.text.slice(start, state.i - 3))
}

function readEndTag(state: ParseState): void {
  const close = state.text.indexOf('>', state.i)
  if (close < 0) throw new XmlError('Unterminated end tag.')
  const qname = state.text.slice(state.i + 2, close).trim()
  const open = state.stack.pop()
  if (!open || open.qname !== qname) throw new XmlError(`Mismatched end tag </${qname}>.`)
  state.i = close + 1
}

/**
 * A start tag: its element, namespaces resolved, joins the open element (or becomes the root) and
 * stays open until its end tag unless it closes itself.
 */
function readStartTag(state: ParseState): void {
  state.i++
  const nameMatch = NAME.exec(state.text.slice(state.i, state.i + 300))
  if (!nameMatch) throw new XmlError('Malformed start tag.')
  const qname = nameMatch[0]
  state.i += qname.length
  const { rawAttrs, selfClosing } = readAttributes(state)
  const parent = state.stack.at(-1)
  const el = toElement(qname, rawAttrs, parent?.el.scope ?? { xml: 'http://www.w3.org/XML/1998/namespace' })
  if (parent) parent.el.children.push(el)
  else if (state.root) throw new XmlError('More than one root element.')
  else state.root = el
  if (!selfClosing) state.stack.push({ el, qname })
}

/** A start tag's attributes, as written (qualified names, decoded values), up to and past its `>`. */
function readAttributes(state: ParseState): { rawAttrs: [string, string][]; selfClosing: boolean } {
  const rawAttrs: [string, string][] = []
  for (;;) {
    skipSpace(state)
    if (state.text[state.i] === '>') {
      state.i++
      return { rawAttrs, selfClosing: false }
    }
    if (state.text.startsWith('/>', state.i)) {
      state.i += 2
      return { rawAttrs, selfClosing: true }
    }
    rawAttrs.push(readAttribute(state))
  }
}

function readAttribute(state: ParseState): [string, string] {
  const { text } = state
  const attr = NAME.exec(text.slice(state.i, state.i + 300))
  if (!attr) throw new XmlError('Malformed attribute.')
  state.i += attr[0].length
  skipSpace(state)
  if (text[state.i] !== '=') throw new XmlError('Attribute without a value.')
  state.i++
  skipSpace(state)
  const quote = text[state.i]
  if (quote !== '"' && quote !== "'") throw new XmlError('Unquoted attribute value.')
  const end = text.indexOf(quote, state.i + 1)
  if (end < 0) throw new XmlError('Unterminated attribute value.')
  const value = decodeText(text.slice(state.i + 1, end))
  state.i = end + 1
  return [attr[0], value]
}

/** The element of a start tag: its own namespace declarations added to its parent's scope, names resolved. */
function toElement(
  qname: string,
  rawAttrs: [string, string][],
  parentScope: Record<string, string>,
): XmlElement {
  const scope = { ...parentScope }
  for (const [k, v] of rawAttrs) {
    if (k === 'xmlns') scope[''] = v
    else if (k.startsWith('xmlns:')) {
      if (v === '') throw new XmlError('A namespace prefix cannot be unbound.')
      scope[k.slice(6)] = v
    }
  }
  const { ns, name } = resolveName(scope, qname, false)
  const attrs: Record<string, string> = {}
  for (const [k, v] of rawAttrs) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue
    const a = resolveName(scope, k, true)
    attrs[a.ns ? `{${a.ns}}${a.name}` : a.name] = v
  }
  return { ns, name, attrs, children: [], scope }
}

/** A qualified name's namespace and local name; an unprefixed attribute is in no namespace. */
function resolveName(
  scope: Record<string, string>,
  q: string,
  isAttr: boolean,
): { ns: string; name: string } {
  const colon = q.indexOf(':')
  if (colon < 0) return { ns: isAttr ? '' : (scope[''] ?? ''), name: q }
  const prefix = q.slice(0, colon)
  const ns = scope[prefix]
  if (ns === undefined) throw new XmlError(`Undeclared namespace prefix ${prefix}.`)
  return { ns, name: q.slice(colon + 1) }
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

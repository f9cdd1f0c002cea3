import { SaxesParser, type SaxesTagNS } from 'saxes'

// The little XML WebDAV needs (RFC 4918 bodies: propfind, propertyupdate, lockinfo), read by `saxes`
// (a streaming, well-formedness-checking parser) with namespaces resolved, and the escaping for what
// we write. A body is fed to the reader as it arrives and refused the moment it passes a limit
// (docs/decisions/0115): no document type declaration at all (so no entity is ever declared or
// expanded: no XXE, no entity bombs), a cap on element depth, on elements, on attributes per element
// and on namespace declarations, besides the cap on body size the caller applies.

export interface XmlElement {
  /** Namespace URI ('' for none). */
  ns: string
  /** Local name. */
  name: string
  attrs: Record<string, string>
  children: XmlNode[]
}
export type XmlNode = XmlElement | string

export class XmlError extends Error {}

/** What a WebDAV body may hold; real clients' bodies stay far below every one. */
export const XML_LIMITS = {
  depth: 100,
  elements: 10_000,
  attributesPerElement: 50,
  namespaceDeclarations: 200,
} as const

/** A document read chunk by chunk: `write` each piece as it arrives, then `close` for the root. */
export interface XmlReader {
  write(chunk: string): void
  close(): XmlElement
}

/** A reader that builds the element tree, throwing XmlError for anything malformed or past a limit. */
export function xmlReader(): XmlReader {
  const parser = new SaxesParser({ xmlns: true, position: false })
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  let elements = 0
  let declarations = 0
  let attributes = 0
  parser.on('doctype', () => {
    throw new XmlError('Document type declarations are not accepted.')
  })
  parser.on('opentagstart', () => {
    attributes = 0
    if (++elements > XML_LIMITS.elements) throw new XmlError('The XML body has too many elements.')
    if (stack.length >= XML_LIMITS.depth) throw new XmlError('The XML body is nested too deeply.')
  })
  parser.on('attribute', (attr) => {
    if (++attributes > XML_LIMITS.attributesPerElement)
      throw new XmlError('An XML element has too many attributes.')
    if (
      (attr.name === 'xmlns' || attr.name.startsWith('xmlns:')) &&
      ++declarations > XML_LIMITS.namespaceDeclarations
    )
      throw new XmlError('The XML body declares too many namespaces.')
  })
  parser.on('opentag', (tag) => {
    const el = toElement(tag)
    const parent = stack.at(-1)
    if (parent) parent.children.push(el)
    else root = el
    if (!tag.isSelfClosing) stack.push(el)
  })
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop()
  })
  const addText = (text: string) => {
    const top = stack.at(-1)
    if (top && text !== '') top.children.push(text)
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  return {
    write(chunk) {
      guarded(() => parser.write(chunk))
    },
    close() {
      guarded(() => parser.close())
      if (!root) throw new XmlError('No root element.')
      return root
    },
  }
}

/** Runs a parser step, turning saxes' well-formedness errors into XmlError. */
function guarded(step: () => void): void {
  try {
    step()
  } catch (error) {
    if (error instanceof XmlError) throw error
    const reason = error instanceof Error ? ` (${error.message.replace(/\.$/, '')})` : ''
    throw new XmlError(`The XML body is not well-formed${reason}.`)
  }
}

function toElement(tag: SaxesTagNS): XmlElement {
  const attrs: Record<string, string> = {}
  for (const a of Object.values(tag.attributes)) {
    if (a.name === 'xmlns' || a.prefix === 'xmlns') continue
    attrs[a.uri ? `{${a.uri}}${a.local}` : a.local] = a.value
  }
  return { ns: tag.uri, name: tag.local, attrs, children: [] }
}

/** Parses a whole document into its root element. */
export function parseXml(text: string): XmlElement {
  const reader = xmlReader()
  reader.write(text)
  return reader.close()
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

// Just enough MIME to read what nodemailer writes (mailparser is not a dependency): folded headers,
// RFC 2047 encoded words, nested multiparts, quoted-printable and base64 bodies in UTF-8.

export interface ParsedMail {
  /** Lower-cased header name → decoded value (the first one when repeated). */
  headers: Map<string, string>
  text: string | undefined
  html: string | undefined
  /** Content types of the leaf parts, in order. */
  leafTypes: string[]
}

export function parseMime(raw: string | Buffer): ParsedMail {
  const result: ParsedMail = { headers: new Map(), text: undefined, html: undefined, leafTypes: [] }
  const top = parsePart(typeof raw === 'string' ? raw : raw.toString('utf8'))
  result.headers = top.headers
  collect(top, result)
  return result
}

interface Part {
  headers: Map<string, string>
  body: string
}

function parsePart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n')
  const split = text.indexOf('\n\n')
  const head = split === -1 ? text : text.slice(0, split)
  const body = split === -1 ? '' : text.slice(split + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()))
  }
  return { headers, body }
}

function collect(part: Part, into: ParsedMail): void {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const mediaType = type.split(';')[0]!.trim().toLowerCase()
  if (mediaType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (!boundary) throw new Error('multipart without boundary')
    const sections = part.body.split(`--${boundary}`)
    // First is the preamble, last starts with "--" (the epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      collect(parsePart(section.replace(/^\n/, '')), into)
    }
    return
  }
  into.leafTypes.push(mediaType)
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit')
  if (mediaType === 'text/plain' && into.text === undefined) into.text = decoded
  if (mediaType === 'text/html' && into.html === undefined) into.html = decoded
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/\n$/, ''))
    default:
      return body.replace(/\n$/, '')
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c === '\n' ? '\n' : c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

// RFC 2047: =?charset?B|Q?text?=, adjacent encoded words joined without the space between them.
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

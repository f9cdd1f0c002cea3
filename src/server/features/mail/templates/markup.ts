// A tiny templating kit for e-mails, with no dependency: `html` escapes every interpolated value
// unless it is already SafeHtml (made by `html` itself), so a first name like `<script>` stays text.

/** HTML that is safe to insert as is: only `html` and the layout make it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[]

function interpolate(value: Interpolation): string {
  if (value === null || value === undefined) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(interpolate).join('')
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!
  values.forEach((value, i) => {
    out += interpolate(value) + strings[i + 1]!
  })
  return new SafeHtml(out)
}

/**
 * Collapses line breaks (and the whitespace around them) into one space. Subjects and header values
 * must never carry CR/LF (header injection), and a name should not be able to break a text e-mail's lines.
 */
export function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim()
}

/** Only http(s) links go into an e-mail: a `javascript:` or relative link would be a bug upstream. */
export function checkedLink(link: string): string {
  const url = URL.canParse(link) ? new URL(link) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('E-mail links must be absolute http(s) URLs')
  }
  return link
}

import { markdownToHtml, markdownToText } from '../../../../shared/markdown'
import { checkedLink, html, oneLine, SafeHtml } from './markup'

// The common frame of every e-mail: a plain-text and an HTML version of the same words, with the
// business's name and postal address in the footer (product.md §7), from the site identity. A missing
// address is left out (admins are warned in the identity settings, never the recipients). Inline
// styles only, because many mail clients drop <style> blocks.

export interface Brand {
  name: string
  /** The business's postal address; may span several lines; '' when none is configured. */
  address: string
  /** Where recipients may write with questions, if the business gave one. */
  supportEmail?: string | null
  /** #rrggbb: a stripe above the message. */
  accentColor?: string
  /** The uploaded logo's path on the site (a versioned /api/site/logo URL), shown above the message. */
  logoUrl?: string | null
  /** The public origin, e.g. https://depot.example.com. */
  baseUrl: string
  /** The site's time zone (IANA), for dates in the words of a mail; UTC when not given. */
  timeZone?: string
}

/** What a template produces; add `to` (and maybe `replyTo`) to get an OutgoingMail. */
export interface RenderedMail {
  template: string
  subject: string
  text: string
  html: string
}

/** One block of the message, in both versions. */
export interface Block {
  text: string
  html: SafeHtml
}

export function paragraph(text: string): Block {
  return { text, html: html`<p style="margin:0 0 16px">${text}</p>` }
}

/** Text a person wrote, line breaks kept (a staff reply): escaped like every other block. */
export function writtenText(text: string): Block {
  return { text, html: html`<p style="margin:0 0 16px;white-space:pre-wrap">${text}</p>` }
}

/** A lead-in and its points: a bulleted list in HTML, "- " lines in text. */
export function list(leadIn: string, items: readonly string[]): Block {
  return {
    text: [leadIn, ...items.map((item) => `- ${item}`)].join('\n'),
    html: html`<p style="margin:0 0 8px">${leadIn}</p>
<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => html`<li style="margin:0 0 4px">${item}</li>`)}</ul>`,
  }
}

/** A call to action: a button in HTML with the bare URL under it, the URL on its own line in text. */
export function action(label: string, link: string): Block {
  checkedLink(link)
  return {
    text: link,
    html: html`<p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:<br><a href="${link}" style="color:#1d4ed8;word-break:break-all">${link}</a></p>`,
  }
}

/**
 * A sentence that ends with text of someone else's (a name, a role, an address): its full stop, unless
 * that text already ends one (`Acme Ltd.`, `Yahoo!`), so it never reads "Acme Ltd..".
 */
export function endSentence(text: string, stop = '.'): string {
  const trimmed = text.trimEnd()
  return /[.!?…]["'”’)]?$/.test(trimmed) ? trimmed : `${trimmed}${stop}`
}

/** Text a person wrote that starts with its own greeting ("Hi Ada,", "Dear Mr Babbage", "Good morning,"). */
const GREETING =
  /^(?:hi|hello|hey|hiya|dear|greetings|good\s+(?:morning|afternoon|evening|day))(?:\s*[,!]|\s+\p{L})/iu

export function startsWithGreeting(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0] ?? ''
  return GREETING.test(first)
}

// The safe Markdown's tags (src/shared/markdown.ts), given the inline styles mail clients need. The
// tags are the module's own: every string in its output is escaped, so no text can look like one.
const MARKDOWN_STYLES: [RegExp, string][] = [
  [/<p>/g, '<p style="margin:0 0 16px">'],
  [/<(ul|ol)>/g, '<$1 style="margin:0 0 16px;padding-left:20px">'],
  [/<li>/g, '<li style="margin:0 0 4px">'],
  [/<h([234])>/g, '<h$1 style="margin:0 0 12px;font-size:16px">'],
  [
    /<blockquote>/g,
    '<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e5e7eb;color:#374151">',
  ],
  [/<pre>/g, '<pre style="margin:0 0 16px;padding:8px;background:#f3f4f6;white-space:pre-wrap">'],
  [/<a href=/g, '<a style="color:#1d4ed8" href='],
]

/**
 * Text a person wrote in the safe Markdown subset (a staff reply): rendered by src/shared/markdown.ts
 * in HTML, exactly as product descriptions are, and as its plain text in the text part.
 */
export function markdownText(source: string): Block {
  const rendered = MARKDOWN_STYLES.reduce(
    (out, [tag, styled]) => out.replace(tag, () => styled),
    markdownToHtml(source),
  )
  return { text: markdownToText(source), html: new SafeHtml(rendered) }
}

/** The longest quotation we repeat: a long message is cut, with "…". */
export const QUOTE_LIMIT = { chars: 1200, lines: 20 }

function shortened(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n')
  let out = lines.slice(0, QUOTE_LIMIT.lines).join('\n')
  let cut = lines.length > QUOTE_LIMIT.lines
  if (out.length > QUOTE_LIMIT.chars) {
    out = out.slice(0, QUOTE_LIMIT.chars).replace(/\s+\S*$/, '')
    cut = true
  }
  return cut ? `${out.trimEnd()} …` : out
}

/** What someone wrote before, quoted as mail clients do: "> " lines in text, a blockquote in HTML. */
export function quotation(intro: string, message: string): Block {
  const body = shortened(message)
  return {
    text: [intro, ...body.split('\n').map((line) => (line ? `> ${line}` : '>'))].join('\n'),
    html: html`<p style="margin:24px 0 8px;font-size:13px;color:#4b5563">${intro}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e5e7eb;color:#4b5563;white-space:pre-wrap">${body}</blockquote>`,
  }
}

export function greeting(firstname: string | null | undefined): Block {
  const name = oneLine(firstname ?? '')
  return paragraph(name ? `Hi ${name},` : 'Hi,')
}

export function renderMail(
  brand: Brand,
  content: { template: string; subject: string; blocks: Block[] },
): RenderedMail {
  const subject = oneLine(content.subject)
  checkedLink(brand.baseUrl)
  const addressLines = brand.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

  const support = brand.supportEmail ? oneLine(brand.supportEmail) : ''
  const name = oneLine(brand.name)
  const accent =
    brand.accentColor && /^#[0-9a-fA-F]{6}$/.test(brand.accentColor) ? brand.accentColor : '#111827'

  const text = [
    ...content.blocks.map((b) => b.text),
    ['-- ', name, ...addressLines, ...(support ? [`Questions: ${support}`] : []), brand.baseUrl].join('\n'),
  ].join('\n\n')

  const footer = html`<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e5e7eb;font-size:12px;color:#4b5563">
<a href="${brand.baseUrl}" style="color:#4b5563">${name}</a>${addressLines.map((line) => html`<br>${line}`)}${support ? html`<br>Questions: <a href="mailto:${support}" style="color:#4b5563">${support}</a>` : html``}
</p>`
  // Most mail clients ask before loading a remote image: the alt text (the name) stands in until then.
  const logo = brand.logoUrl
    ? html`<p style="margin:0 0 24px"><img src="${checkedLink(new URL(brand.logoUrl, brand.baseUrl).href)}" alt="${name}" height="40" style="height:40px;max-width:240px;border:0"></p>
`
    : html``
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-top:4px solid ${accent};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#111827">
${logo}${content.blocks.map((b) => html`${b.html}\n`)}${footer}
</div>
</body>
</html>
`
  return { template: content.template, subject, text: `${text}\n`, html: page.value }
}

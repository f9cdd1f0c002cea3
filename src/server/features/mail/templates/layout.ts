import { checkedLink, html, oneLine, type SafeHtml } from './markup'

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

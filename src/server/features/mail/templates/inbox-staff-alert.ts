import { action, type Block, type Brand, paragraph, type RenderedMail, renderMail } from './layout'
import { html, oneLine } from './markup'

export interface InboxAlertEntry {
  first_name: string
  last_name: string
  email: string
  message: string
  /** Contact messages. */
  subject?: string
  /** Quote requests. */
  business_name?: string | null
  industry?: string | null
  phone?: string | null
  service?: string | null
}

/** The sender's words, line breaks kept, escaped in HTML. */
function quoted(message: string): Block {
  return {
    text: message
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    html: html`<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e5e7eb;white-space:pre-wrap">${message}</blockquote>`,
  }
}

function details(rows: [string, string | null | undefined][]): Block | undefined {
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]))
  if (shown.length === 0) return undefined
  return {
    text: shown.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: html`<p style="margin:0 0 16px">${shown.map(
      ([label, value], i) => html`${i === 0 ? '' : html`<br>`}<strong>${label}:</strong> ${value}`,
    )}</p>`,
  }
}

/**
 * The alert admins and ManageFeedback staff get for a new quote request or contact message. It is
 * sent with Reply-To set to the sender (by the caller), so answering it answers them.
 */
export function inboxStaffAlert(
  brand: Brand,
  input: { kind: 'quote' | 'contact'; entry: InboxAlertEntry; link: string },
): RenderedMail {
  const { entry } = input
  const name = oneLine(`${entry.first_name} ${entry.last_name}`)
  const subject =
    input.kind === 'quote'
      ? `New quote request from ${name}`
      : `New message from ${name}: ${oneLine(entry.subject ?? '')}`
  const extra =
    input.kind === 'quote'
      ? details([
          ['Business', entry.business_name],
          ['Industry', entry.industry],
          ['Phone', entry.phone],
          ['Service', entry.service],
        ])
      : details([['Subject', entry.subject]])
  return renderMail(brand, {
    template: `inbox-alert-${input.kind}`,
    subject,
    blocks: [
      paragraph(
        `${name} <${entry.email}> sent a ${input.kind === 'quote' ? 'quote request' : 'message'} through the ` +
          'website. Reply to this e-mail to answer them.',
      ),
      ...(extra ? [extra] : []),
      quoted(entry.message),
      action('Open in the inbox', input.link),
    ],
  })
}

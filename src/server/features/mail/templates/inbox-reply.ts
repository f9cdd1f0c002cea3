import {
  type Brand,
  endSentence,
  greeting,
  markdownText,
  paragraph,
  quotation,
  type RenderedMail,
  renderMail,
  startsWithGreeting,
} from './layout'
import { oneLine } from './markup'

// A staff member's answer to a quote request or contact message, sent from the business's address to
// the sender only. The reply's words are the staff member's, in the safe Markdown of product
// descriptions; the greeting (unless the reply has its own), the sign-off, the reminder of what it
// answers and the quotation of the request under it are ours.

export interface InboxReplyInput {
  kind: 'quote' | 'contact'
  firstName: string
  /** The contact message's subject; quotes have none. */
  subject: string | null
  body: string
  /** Who answered, as the sender will see it. */
  staffName: string
  /** The request the reply answers: the entry's first message, quoted under the reply. */
  original?: { message: string; sentAt: string }
}

function quoteDate(iso: string, timeZone: string | undefined): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone })
  try {
    return format(timeZone || 'UTC').format(new Date(iso))
  } catch {
    return format('UTC').format(new Date(iso))
  }
}

export function inboxReply(brand: Brand, input: InboxReplyInput): RenderedMail {
  const about = input.kind === 'quote' ? 'your quote request' : (input.subject ?? 'your message')
  const sent = input.kind === 'quote' ? 'the quote request you sent' : 'the message you sent'
  const name = oneLine(input.firstName) || 'You'
  return renderMail(brand, {
    template: `inbox-reply-${input.kind}`,
    subject:
      input.kind === 'quote' ? `Re: your quote request · ${brand.name}` : `Re: ${about} · ${brand.name}`,
    blocks: [
      ...(startsWithGreeting(input.body) ? [] : [greeting(input.firstName)]),
      markdownText(input.body),
      paragraph(`${input.staffName}, ${brand.name}`),
      paragraph(
        `${endSentence(`This is an answer to ${sent} to ${brand.name}`)} Reply to this e-mail to write back.`,
      ),
      ...(input.original?.message.trim()
        ? [
            quotation(
              `On ${quoteDate(input.original.sentAt, brand.timeZone)}, ${name} wrote:`,
              input.original.message,
            ),
          ]
        : []),
    ],
  })
}

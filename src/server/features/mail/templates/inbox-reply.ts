import { type Brand, greeting, paragraph, type RenderedMail, renderMail, writtenText } from './layout'

// A staff member's answer to a quote request or contact message, sent from the business's address to
// the sender only. The reply's words are the staff member's; the greeting, the sign-off and the
// reminder of what it answers are ours.

export interface InboxReplyInput {
  kind: 'quote' | 'contact'
  firstName: string
  /** The contact message's subject; quotes have none. */
  subject: string | null
  body: string
  /** Who answered, as the sender will see it. */
  staffName: string
}

export function inboxReply(brand: Brand, input: InboxReplyInput): RenderedMail {
  const about = input.kind === 'quote' ? 'your quote request' : (input.subject ?? 'your message')
  return renderMail(brand, {
    template: `inbox-reply-${input.kind}`,
    subject:
      input.kind === 'quote' ? `Re: your quote request · ${brand.name}` : `Re: ${about} · ${brand.name}`,
    blocks: [
      greeting(input.firstName),
      writtenText(input.body),
      paragraph(`${input.staffName}, ${brand.name}`),
      paragraph(
        input.kind === 'quote'
          ? `This is an answer to the quote request you sent to ${brand.name}. Reply to this e-mail to write back.`
          : `This is an answer to the message you sent to ${brand.name}. Reply to this e-mail to write back.`,
      ),
    ],
  })
}

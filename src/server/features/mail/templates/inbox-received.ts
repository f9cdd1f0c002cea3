import { type Brand, endSentence, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/**
 * The confirmation a visitor gets after a quote request or contact message. A fixed text on purpose:
 * it repeats nothing they typed (not even their name), so the form cannot be used to send someone
 * else an e-mail with words of the sender's choosing from our address.
 */
export function inboxReceived(brand: Brand, input: { kind: 'quote' | 'contact' }): RenderedMail {
  const what = input.kind === 'quote' ? 'quote request' : 'message'
  return renderMail(brand, {
    template: `inbox-received-${input.kind}`,
    subject: `We received your ${what} · ${brand.name}`,
    blocks: [
      greeting(null),
      paragraph(
        `${endSentence(`Thank you for contacting ${brand.name}`)} We have received your ${what} and will reply to this ` +
          'address, usually within two working days.',
      ),
      paragraph('For your privacy, this e-mail does not repeat what you sent.'),
      paragraph(
        'If you didn’t contact us, someone typed your address by mistake: you can ignore this e-mail.',
      ),
    ],
  })
}

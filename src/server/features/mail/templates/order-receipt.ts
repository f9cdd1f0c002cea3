import { MAIL_LINK_LIFETIME } from '../../../../shared/download-links'
import { formatMoney } from '../../../../shared/money'
import { type Block, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'
import { html } from './markup'

// The receipt sent once when an order is paid: what was bought, the total, and the deliverables
// (external links, and files as expiring download links).

export interface ReceiptInput {
  firstName: string | null
  /** The order by its products ("Brand Kit and 2 more"); the Paystack reference is a detail. */
  orderName: string
  reference: string
  /** A corporate buyer's business, which the receipt is made out to. */
  businessName: string | null
  /** `discount`: minor units a discount code took off the line (all its units). */
  lines: { name: string; quantity: number; amount: number; discount?: number }[]
  /** The discount code used and what it took off the order, if any. */
  discount?: { code: string; amount: number } | null
  total: number
  currency: string
  deliverables: { name: string; url: string; expires_at: string | null }[]
  orderUrl: string
  /** For a buyer without a confirmed account (a guest): the link that claims it and opens the order. */
  claimUrl?: string | undefined
}

export function money(amount: number, currency: string): string {
  return formatMoney(amount, currency, { locale: 'en' })
}

function list(items: { text: string; link?: string }[]): Block {
  return {
    text: items.map((i) => `- ${i.text}${i.link ? `\n  ${i.link}` : ''}`).join('\n'),
    html: html`<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) =>
      i.link
        ? html`<li><a href="${i.link}" style="color:#1d4ed8">${i.text}</a></li>`
        : html`<li>${i.text}</li>`,
    )}</ul>`,
  }
}

export function orderReceipt(brand: Brand, input: ReceiptInput): RenderedMail {
  const blocks: Block[] = [
    greeting(input.firstName),
    paragraph('Thank you for your order. Your payment was received.'),
  ]
  if (input.businessName) blocks.push(paragraph(`Billed to: ${input.businessName}`))
  blocks.push(
    list(
      input.lines.map((l) => ({
        text: `${l.quantity} × ${l.name} · ${money(l.amount * l.quantity, input.currency)}${
          l.discount ? ` (−${money(l.discount, input.currency)} discount)` : ''
        }`,
      })),
    ),
  )
  if (input.discount && input.discount.amount > 0)
    blocks.push(
      paragraph(`Discount code ${input.discount.code}: −${money(input.discount.amount, input.currency)}`),
    )
  blocks.push(
    paragraph(`Total paid: ${money(input.total, input.currency)}`),
    paragraph(`Reference: ${input.reference}`),
  )
  if (input.deliverables.length > 0) {
    blocks.push(paragraph(`Your downloads and links (file links work for ${MAIL_LINK_LIFETIME}):`))
    blocks.push(
      list(
        input.deliverables.map((d) => ({
          text: d.expires_at
            ? `${d.name} (link valid until ${d.expires_at.slice(0, 16).replace('T', ' ')} UTC)`
            : d.name,
          link: d.url,
        })),
      ),
    )
  }
  if (input.claimUrl) {
    blocks.push(
      paragraph(
        'Your order is kept in an account for this e-mail address. Choose a password to open it and see your order (this link works for 7 days):',
      ),
      list([{ text: 'Open my account and this order', link: input.claimUrl }]),
      paragraph(
        `Later, sign in with this address to see your order: ${input.orderUrl} (if the link above has expired, use “Forgot password” on the sign-in page).`,
      ),
    )
  } else blocks.push(paragraph(`Your order, with fresh download links at any time: ${input.orderUrl}`))
  return renderMail(brand, {
    template: 'order-receipt',
    subject: `Your receipt for order ${input.orderName} · ${brand.name}`,
    blocks,
  })
}

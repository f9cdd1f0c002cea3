import { type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'
import { money } from './order-receipt'

// The refund notice (product.md §7), sent once when Paystack reports a refund processed: how much
// came back, how much of the order is refunded in all, and whether the downloads stay.

export interface RefundNoticeInput {
  firstName: string | null
  /** The order as the buyer knows it: its products ("Brand Kit", "Brand Kit and 2 more"). */
  orderName: string
  reference: string
  /** This refund, in minor units. */
  amount: number
  /** Every processed refund of the order so far, this one included. */
  refundedTotal: number
  total: number
  currency: string
  orderUrl: string
}

export function refundNotice(brand: Brand, input: RefundNoticeInput): RenderedMail {
  const amount = money(input.amount, input.currency)
  const full = input.refundedTotal >= input.total
  return renderMail(brand, {
    template: 'refund-notice',
    subject: `Your order ${input.orderName} was refunded ${amount} · ${brand.name}`,
    blocks: [
      greeting(input.firstName),
      paragraph(
        `We have refunded ${amount} for your order ${input.orderName} (reference ${input.reference}).`,
      ),
      paragraph(
        full
          ? `The order is now fully refunded (${money(input.refundedTotal, input.currency)}), so its downloads and links are no longer available.`
          : `In all, ${money(input.refundedTotal, input.currency)} of the ${money(input.total, input.currency)} you paid has been refunded. Your downloads and links stay available.`,
      ),
      paragraph('Your bank or card issuer may take a few working days to show the money on your statement.'),
      paragraph(`Your order: ${input.orderUrl}`),
    ],
  })
}

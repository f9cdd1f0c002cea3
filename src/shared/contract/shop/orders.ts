import { z } from 'zod'
import { ORDER_STATUSES } from '../../enums'
import { listQuerySchema, listResponseSchema, optionalChoice, optionalIsoDate, optionalUuid } from '../list'
import { discountCodeSchema } from './discount-code'

// Checkout, payments, orders and refunds (product.md §3). The client sends only product ids
// and quantities; every amount comes from the server, in integer minor units of `currency`.

export const MAX_CART_LINES = 50
export const MAX_QUANTITY = 99

export const checkoutInputSchema = z.object({
  items: z
    .array(
      z.object({
        product_id: z.string().uuid({ error: 'Unknown product.' }),
        quantity: z
          .number({ error: 'Quantity must be a whole number.' })
          .int({ error: 'Quantity must be a whole number.' })
          .min(1, { error: 'Quantity must be at least 1.' })
          .max(MAX_QUANTITY, { error: `Quantity can be at most ${MAX_QUANTITY}.` }),
      }),
    )
    .min(1, { error: 'The cart is empty.' })
    .max(MAX_CART_LINES, { error: `At most ${MAX_CART_LINES} different products per order.` }),
  /** A discount code; the server decides whether it applies and what it takes off. */
  discount_code: discountCodeSchema.optional(),
})
export type CheckoutInput = z.infer<typeof checkoutInputSchema>

/** What the browser needs to open the checkout (Paystack's inline popup, or the emulator's page). */
export const checkoutSessionSchema = z.object({
  order_id: z.string(),
  reference: z.string(),
  access_code: z.string(),
  total: z.number().int(),
  currency: z.string(),
  public_key: z.string(),
  /**
   * True when a stand-in answers for Paystack (the built-in emulator, or one at PAYSTACK_BASE_URL): open
   * `checkout_url`, since Paystack's inline popup does not know the transaction.
   */
  emulated: z.boolean(),
  /** The emulator's checkout page (or Paystack's hosted page): the redirect fallback. */
  checkout_url: z.string(),
  /** Where the browser goes after paying: the callback page that asks the server to verify. */
  callback_url: z.string(),
  /** True when the discount made the order free: it is paid and fulfilled already, nothing to pay. */
  paid: z.boolean(),
  /** The discount taken off, in minor units (0 without a code). */
  discount: z.number().int(),
})
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>

export const verifyInputSchema = z.object({ reference: z.string().min(1).max(100) })

export const deliverableSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  kind: z.enum(['link', 'file']),
  /** The external link, or an expiring signed download link. */
  url: z.string(),
  file_name: z.string().nullable(),
  expires_at: z.string().nullable(),
})
export type Deliverable = z.infer<typeof deliverableSchema>

export const orderLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  type: z.string(),
  quantity: z.number().int(),
  /** Unit price when ordered (a snapshot). */
  amount: z.number().int(),
  /** The discount taken off this line (all its units), in minor units. */
  discount: z.number().int(),
})

export const orderSummarySchema = z.object({
  id: z.string(),
  trxref: z.string(),
  /** The order as people know it, by its products: "Brand Kit", "Brand Kit and 2 more". */
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What the buyer pays: the lines less the discount. */
  total: z.number().int(),
  /** The discount code used, as stored (upper case); null without one. */
  discount_code: z.string().nullable(),
  /** Minor units the code took off the order. */
  discount: z.number().int(),
  currency: z.string(),
  user_id: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  /** A corporate buyer's business name (the receipt shows it); null for an individual. */
  buyer_business_name: z.string().nullable(),
  item_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OrderSummary = z.infer<typeof orderSummarySchema>

export const orderEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['status', 'payment', 'refund', 'alert']),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES).nullable(),
  cause: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
})

export const refundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  reason: z.string().nullable(),
  createdAt: z.string(),
})

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  deliverables: z.array(deliverableSchema),
  /** Staff only: the history; empty for the buyer. */
  events: z.array(orderEventSchema),
  /** Staff: every refund asked for. The buyer: the processed and pending ones, without staff's reason. */
  refunds: z.array(refundSchema),
  /** Minor units returned to the buyer so far (processed refunds). */
  refunded: z.number().int(),
  refundable: z.number().int(),
  abilities: z.object({ pay: z.boolean(), refund: z.boolean() }),
})
export type OrderDetail = z.infer<typeof orderDetailSchema>

/** The callback's answer: the order as it is now; verified=false when Paystack did not answer. */
export const verifyResultSchema = z.object({ verified: z.boolean(), order: orderDetailSchema })
export type VerifyResult = z.infer<typeof verifyResultSchema>

export const ORDER_SORTS = ['createdAt', 'total', 'status', 'trxref'] as const
export const orderListQuerySchema = listQuerySchema({
  sortable: ORDER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    status: optionalChoice(ORDER_STATUSES, 'Status'),
    from: optionalIsoDate,
    to: optionalIsoDate,
    /** Staff: one buyer's orders (a customer's page). The buyer's own list ignores it. */
    buyer: optionalUuid('Buyer'),
  },
})
export type OrderListQuery = z.infer<typeof orderListQuerySchema>
export const orderListSchema = listResponseSchema(orderSummarySchema)

export const refundInputSchema = z.object({
  /** Minor units; omitted means everything still refundable. */
  amount: z
    .number({ error: 'Enter the amount as a number.' })
    .int()
    .positive({ error: 'The amount must be positive.' })
    .optional(),
  reason: z.string().trim().max(500).optional(),
  /** One line's product: the refund is then capped at what was paid for that line, less its refunds. */
  product_id: z.uuid({ error: 'Unknown product.' }).optional(),
})
export type RefundInput = z.infer<typeof refundInputSchema>

/** The answer to a Paystack event whose signature checked out. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) })

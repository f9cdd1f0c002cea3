import { z } from 'zod'
import { ORDER_STATUSES } from '../../enums'
import { emailSchema } from '../accounts'
import { checkoutInputSchema, orderLineSchema } from './orders'

// Buying without signing in (docs/decisions/0140): one screen, an e-mail address and the card. The
// order belongs to the account of that address; the page after paying shows only the order paid in
// this browser, and never says whether the address already had an account.

export const guestCheckoutInputSchema = checkoutInputSchema.omit({ discount_code: true }).extend({
  /** Where the receipt goes; the order belongs to this address's account (made if there is none). */
  email: emailSchema,
})
export type GuestCheckoutInput = z.infer<typeof guestCheckoutInputSchema>

/** What the guest sees of the order just paid in this browser: no downloads, no buyer details. */
export const guestOrderSchema = z.object({
  id: z.string(),
  trxref: z.string(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  currency: z.string(),
  /** The address the guest typed, where the receipt and its link went. */
  email: z.string(),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
})
export type GuestOrder = z.infer<typeof guestOrderSchema>

export const guestVerifyResultSchema = z.object({ verified: z.boolean(), order: guestOrderSchema })
export type GuestVerifyResult = z.infer<typeof guestVerifyResultSchema>

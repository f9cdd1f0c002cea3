import { z } from 'zod'
import { ACCOUNT_TYPES } from '../../enums'
import { listQuerySchema, listResponseSchema, optionalChoice } from '../list'

// The shop's customers for AccessShop staff and admins: everyone who has paid for an order, with what
// they bought and spent. Money is in integer minor units of the shop currency (docs/product-notes.md, staff data).

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  business_name: z.string().nullable(),
  /** Paid orders (including those refunded since). */
  order_count: z.number().int(),
  /** What the paid orders came to, less what was refunded, in minor units of `currency`. */
  total_spent: z.number().int(),
  currency: z.string(),
  /** When the latest paid order was placed (null on the page of a buyer who has not paid yet). */
  last_order_at: z.string().nullable(),
})
export type CustomerSummary = z.infer<typeof customerSummarySchema>

export const customerDetailSchema = customerSummarySchema.extend({
  /** Minor units refunded over all their orders. */
  refunded: z.number().int(),
  customer_since: z.string(),
})
export type CustomerDetail = z.infer<typeof customerDetailSchema>

export const CUSTOMER_SORTS = ['name', 'email', 'order_count', 'total_spent', 'last_order_at'] as const
export const customerListQuerySchema = listQuerySchema({
  sortable: CUSTOMER_SORTS,
  defaultSort: 'last_order_at',
  defaultOrder: 'desc',
  filters: { account_type: optionalChoice(ACCOUNT_TYPES, 'Account type') },
})
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>
export const customerListSchema = listResponseSchema(customerSummarySchema)

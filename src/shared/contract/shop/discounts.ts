import { z } from 'zod'
import { listQuerySchema, listResponseSchema, optionalChoice } from '../list'
import { discountCodeSchema } from './discount-code'
import { checkoutInputSchema } from './orders'
import { PRODUCT_PRICE_MAX } from './products'

export {
  DISCOUNT_CODE_MAX,
  DISCOUNT_CODE_MIN,
  discountCodeSchema,
  normaliseDiscountCode,
} from './discount-code'

// Discount codes (docs/decisions/0124, 0125): staff with AccessShop manage them; a buyer names one in the
// cart and the server computes every amount. Money is in integer minor units of the store currency.

export const DISCOUNT_KINDS = ['percentage', 'fixed'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(1, { error: `${label} must be at least 1.` })
    .max(1_000_000_000, { error: `${label} is too large.` })

const minorUnits = (label: string) =>
  z
    .number({ error: `${label} must be a number in the smallest unit of the currency (e.g. kobo).` })
    .int({ error: `${label} must be a whole number of the smallest unit (e.g. kobo).` })
    .min(1, { error: `${label} must be at least 1.` })
    .max(PRODUCT_PRICE_MAX, { error: `${label} is too large.` })

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` })

const discountFields = z.object({
  code: discountCodeSchema,
  kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percentage or fixed amount.' }),
  /** Percentage: 1–100. Fixed: minor units taken off the eligible lines. */
  value: z
    .number({ error: 'Value must be a whole number.' })
    .int({ error: 'Value must be a whole number.' })
    .min(1, { error: 'Value must be at least 1.' })
    .max(PRODUCT_PRICE_MAX, { error: 'Value is too large.' }),
  /** The cart's subtotal (before the discount) must reach this. */
  min_order: minorUnits('Minimum order').nullable().default(null),
  starts_at: instant('Start').nullable().default(null),
  ends_at: instant('End').nullable().default(null),
  /** Uses over all customers (paid orders and checkouts in progress). */
  max_uses: count('Total use limit').nullable().default(null),
  max_uses_per_customer: count('Per-customer limit').nullable().default(null),
  /** Empty: every product. Otherwise only these products' lines are discounted. */
  product_ids: z
    .array(z.uuid({ error: 'Unknown product.' }), { error: 'Products must be a list of product ids.' })
    .max(500, { error: 'At most 500 products per code.' })
    .default([]),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
})

type DiscountFields = z.output<typeof discountFields>

/** The rules between fields, for a new code and for a code as an edit leaves it. */
export function discountRuleErrors(d: DiscountFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  if (d.kind === 'percentage' && d.value > 100) errors.value = ['A percentage is at most 100.']
  if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at))
    errors.ends_at = ['The end must come after the start.']
  if (d.max_uses !== null && d.max_uses_per_customer !== null && d.max_uses_per_customer > d.max_uses)
    errors.max_uses_per_customer = ['The per-customer limit cannot exceed the total use limit.']
  return errors
}

export const discountCreateSchema = discountFields.superRefine((d, ctx) => {
  for (const [path, messages] of Object.entries(discountRuleErrors(d)))
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message })
})
export type DiscountCreateInput = z.infer<typeof discountCreateSchema>

/** Any subset of the fields; deactivating is `{ active: false }`. The result is checked as a whole. */
export const discountUpdateSchema = z.object({
  code: discountCodeSchema.optional(),
  kind: discountFields.shape.kind.optional(),
  value: discountFields.shape.value.optional(),
  min_order: discountFields.shape.min_order.removeDefault().optional(),
  starts_at: discountFields.shape.starts_at.removeDefault().optional(),
  ends_at: discountFields.shape.ends_at.removeDefault().optional(),
  max_uses: discountFields.shape.max_uses.removeDefault().optional(),
  max_uses_per_customer: discountFields.shape.max_uses_per_customer.removeDefault().optional(),
  product_ids: discountFields.shape.product_ids.removeDefault().optional(),
  active: discountFields.shape.active.removeDefault().optional(),
})
export type DiscountUpdateInput = z.infer<typeof discountUpdateSchema>

/** Where a code stands now, for the table: computed from the fields, the clock and the uses. */
export const DISCOUNT_STATES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const

export const discountSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  min_order: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  /** Uses taken: paid orders plus checkouts still waiting for payment. */
  uses: z.number().int(),
  /** Paid orders that used the code. */
  paid_uses: z.number().int(),
  /** 0 means every product. */
  product_count: z.number().int(),
  active: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type DiscountSummary = z.infer<typeof discountSummarySchema>

export const discountDetailSchema = discountSummarySchema.extend({
  product_ids: z.array(z.string()),
  /** The same products with their names, by name, for the form's product picker. */
  products: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type DiscountDetail = z.infer<typeof discountDetailSchema>

export const DISCOUNT_SORTS = ['code', 'createdAt', 'uses', 'ends_at'] as const
export const discountListQuerySchema = listQuerySchema({
  sortable: DISCOUNT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { active: optionalChoice(['yes', 'no'], 'Active') },
})
export type DiscountListQuery = z.infer<typeof discountListQuerySchema>
export const discountListSchema = listResponseSchema(discountSummarySchema)

/** Why a code does not apply to a cart: the `code` of the 422 problem, with its message. */
export const DISCOUNT_REFUSALS = [
  'discount_unknown',
  'discount_not_yet_valid',
  'discount_expired',
  'discount_used_up',
  'discount_not_for_these_products',
  'discount_below_minimum',
  'discount_already_used',
] as const
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number]

/** The cart's lines and the code the buyer typed: the server answers with every amount. */
export const discountPreviewInputSchema = z.object({
  code: discountCodeSchema,
  items: checkoutInputSchema.shape.items,
})
export type DiscountPreviewInput = z.infer<typeof discountPreviewInputSchema>

export const pricedLineSchema = z.object({
  product_id: z.string(),
  quantity: z.number().int(),
  /** Unit price. */
  amount: z.number().int(),
  /** Taken off this line (all its units). */
  discount: z.number().int(),
})

export const discountPreviewSchema = z.object({
  code: z.string(),
  lines: z.array(pricedLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
})
export type DiscountPreview = z.infer<typeof discountPreviewSchema>

import { z } from 'zod'
import { cursorSchema, listQuerySchema, listResponseSchema, optionalChoice } from '../list'
import { CATALOGUE_SORTS } from './catalogue-sorts'

// The catalogue and product management (product.md §3). Prices are integers in minor units
// of the store currency (docs/decisions/0006); the currency travels with every price.

export const PRODUCT_NAME_MAX = 200
export const PRODUCT_TYPE_MAX = 60
export const PRODUCT_DESCRIPTION_MAX = 20_000
export const PRODUCT_URL_MAX = 2_000
/** The largest price we take: far above any real price, and safe as a JavaScript integer. */
export const PRODUCT_PRICE_MAX = 1_000_000_000_000
/** Covers arrive as one image in the request body. */
export const COVER_MAX_BYTES = 15 * 1024 * 1024
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const
/** The widths covers are stored at (WebP): the grid's and the product page's. */
export const COVER_SIZES = [400, 1200] as const
export type CoverSize = (typeof COVER_SIZES)[number]
/** A deliverable file streams into storage; this caps one (docs/decisions/0034). */
export const PRODUCT_FILE_MAX_BYTES = 2 * 1024 * 1024 * 1024
export const PRODUCT_FILE_NAME_MAX = 255

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters.` })
    // A name or type shows on one line everywhere (grids, CSV, notifications).
    .refine((s) => !/[\r\n\t]/.test(s), { error: `${label} must be on one line.` })

/** An integer count of minor units (kobo): no fractions, no strings, never negative. */
export const priceSchema = z
  .number({ error: 'Price must be a number in the smallest unit of the currency (e.g. kobo).' })
  .int({ error: 'Price must be a whole number of the smallest unit (e.g. 150000 kobo for ₦1,500).' })
  .min(0, { error: 'Price cannot be negative.' })
  .max(PRODUCT_PRICE_MAX, { error: 'Price is too large.' })

/** What the buyer receives when it is a link: http or https only (never javascript:, data:, …). */
export const productUrlSchema = z
  .string({ error: 'Give a link that starts with https:// or http://.' })
  .trim()
  .max(PRODUCT_URL_MAX, { error: `The link can be at most ${PRODUCT_URL_MAX} characters.` })
  .refine(
    (s) => {
      try {
        const url = new URL(s)
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
      } catch {
        return false
      }
    },
    { error: 'Give a link that starts with https:// or http://.' },
  )

const productFields = {
  name: text('Name', PRODUCT_NAME_MAX),
  type: text('Type', PRODUCT_TYPE_MAX),
  price: priceSchema,
  description: z
    .string({ error: 'Description must be text.' })
    .max(PRODUCT_DESCRIPTION_MAX, {
      error: `Description can be at most ${PRODUCT_DESCRIPTION_MAX} characters.`,
    })
    .default(''),
  /** An external link, or null when the deliverable is a file uploaded for the product. */
  product_url: productUrlSchema.nullable().default(null),
  isPublished: z.boolean({ error: 'Published must be true or false.' }).default(false),
}

export const productCreateSchema = z.object(productFields)
export type ProductCreateInput = z.infer<typeof productCreateSchema>

/** Any subset of the fields; publish/unpublish is `{ isPublished }`. */
export const productUpdateSchema = z.object({
  name: productFields.name.optional(),
  type: productFields.type.optional(),
  price: priceSchema.optional(),
  description: productFields.description.removeDefault().optional(),
  product_url: productUrlSchema.nullable().optional(),
  isPublished: z.boolean({ error: 'Published must be true or false.' }).optional(),
})
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>

const typeFilter = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(PRODUCT_TYPE_MAX).optional(),
)

/** The public catalogue: newest first by default; price either way. */
export { CATALOGUE_SORTS } from './catalogue-sorts'
/**
 * A page of the catalogue: `page` numbers it (OFFSET), or `cursor` (the previous page's `nextCursor`,
 * tied to the sort it was made for) continues from there by keyset, as cheap on page 200 as on the
 * first; with a cursor, `page` is not used.
 */
export const catalogueQuerySchema = listQuerySchema({
  sortable: CATALOGUE_SORTS,
  defaultSort: 'newest',
  defaultOrder: 'desc',
  filters: { type: typeFilter, cursor: cursorSchema },
})
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>

export const coverSchema = z.object({
  /** 400 px wide, for grids. */
  small: z.string(),
  /** 1200 px wide, for the product page. */
  large: z.string(),
})

export const coverUploadSchema = z.object({ cover_photo: coverSchema })

export const catalogueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The product page's readable address: /shop/<slug>. Made from the name once, kept on renames. */
  slug: z.string(),
  type: z.string(),
  price: z.number().int(),
  currency: z.string(),
  /** The specification's field: the cover's URLs, or null without a cover. */
  cover_photo: coverSchema.nullable(),
  createdAt: z.string(),
})
export type CatalogueItem = z.infer<typeof catalogueItemSchema>
export const catalogueListSchema = listResponseSchema(catalogueItemSchema).extend({
  /** Where the page after this one starts (the query's `cursor`); null on the last page. */
  nextCursor: z.string().nullable(),
})
export type CatalogueList = z.infer<typeof catalogueListSchema>

/** A product page's address segment: its slug, or its id (old links; they redirect to the slug). */
export const productRefParamsSchema = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*|[0-9a-fA-F-]{36})$/, { error: 'Not a product address.' }),
})

/** The types in use (drafts' too, for those who manage products) and the store currency. */
export const productTypesSchema = z.object({ types: z.array(z.string()), currency: z.string() })
export type ProductTypes = z.infer<typeof productTypesSchema>

export const productAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** May be put in a cart and bought: published and not deleted. */
  buy: z.boolean(),
})

export const deliveryFileSchema = z.object({ name: z.string(), type: z.string(), size: z.number() })

/**
 * One content of a product's deliverable (decision 0092), newest first: kept while the product or a
 * paid order names it. `paid_orders` counts the paid orders (or with a refund being asked) holding it.
 */
export const deliverableVersionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  size: z.number(),
  type: z.string(),
  current: z.boolean(),
  paid_orders: z.number(),
})
export const deliverableVersionListSchema = z.object({ versions: z.array(deliverableVersionSchema) })
export type DeliverableVersion = z.infer<typeof deliverableVersionSchema>

/** The product page. What the buyer receives is only in `management` (staff), never public. */
export const productDetailSchema = catalogueItemSchema.extend({
  description: z.string(),
  updatedAt: z.string(),
  isPublished: z.boolean(),
  abilities: productAbilitiesSchema,
  /** For those who manage products: the deliverable and the lifecycle. */
  management: z
    .object({
      product_url: z.string().nullable(),
      deliveryFile: deliveryFileSchema.nullable(),
      publishedAt: z.string().nullable(),
      deletedAt: z.string().nullable(),
    })
    .nullable(),
})
export type ProductDetail = z.infer<typeof productDetailSchema>

/** Prices for a cart: the ids asked for that are still for sale, with their current price. */
export const cartLookupQuerySchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(z.string().uuid({ error: 'Unknown product id.' })).max(100),
  ),
})
export const cartLookupSchema = z.object({ items: z.array(catalogueItemSchema) })
export type CartLookup = z.infer<typeof cartLookupSchema>

/** The staff products table. */
export const PRODUCT_SORTS = ['createdAt', 'updatedAt', 'name', 'type', 'price'] as const
export const PRODUCT_STATES = ['published', 'draft'] as const
export const productListQuerySchema = listQuerySchema({
  sortable: PRODUCT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { type: typeFilter, state: optionalChoice(PRODUCT_STATES, 'State') },
})
export type ProductListQuery = z.infer<typeof productListQuerySchema>

export const productRowSchema = catalogueItemSchema.extend({
  isPublished: z.boolean(),
  updatedAt: z.string(),
  deliverable: z.enum(['link', 'file', 'none']),
  abilities: productAbilitiesSchema,
})
export type ProductRow = z.infer<typeof productRowSchema>
export const productListSchema = listResponseSchema(productRowSchema)

export const productFileQuerySchema = z.object({
  name: z
    .string({ error: 'Give the file name.' })
    .trim()
    .min(1, { error: 'Give the file name.' })
    .max(PRODUCT_FILE_NAME_MAX, {
      error: `The file name can be at most ${PRODUCT_FILE_NAME_MAX} characters.`,
    })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    .refine((s) => !/[\u0000-\u001f/\\]/.test(s), { error: 'The file name has characters we cannot keep.' }),
  /** "Send the update to past buyers": paid orders move to the new file and their buyers are told. */
  updatePastBuyers: optionalChoice(['true', 'false'], 'updatePastBuyers'),
})

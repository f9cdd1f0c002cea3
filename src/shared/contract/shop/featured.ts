import { z } from 'zod'
import { catalogueItemSchema } from './products'

// The products the home page features, in the order chosen (decision 0141). Visitors see only those
// for sale; those who manage products see every chosen one, drafts marked, to keep or take out.

export const FEATURED_MAX = 8

export const featuredUpdateSchema = z
  .object({
    productIds: z
      .array(z.string({ error: 'Choose products from the list' }).uuid('Choose products from the list'), {
        error: 'Send the products as a list',
      })
      .max(FEATURED_MAX, `Feature at most ${FEATURED_MAX} products`)
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        'Choose each product once',
      )
      .transform((ids) => ids.map((id) => id.toLowerCase())),
  })
  .meta({ id: 'FeaturedProductsUpdate' })
export type FeaturedProductsUpdate = z.input<typeof featuredUpdateSchema>

/** What visitors read: the featured products for sale, in order. */
export const featuredProductsSchema = z
  .object({ items: z.array(catalogueItemSchema) })
  .meta({ id: 'FeaturedProducts' })
export type FeaturedProducts = z.infer<typeof featuredProductsSchema>

/** What those who manage products read: every chosen product still in the shop, and whether it shows. */
export const managedFeaturedSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** False for a draft: kept in the list, hidden from visitors until it is published. */
        isPublished: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ManagedFeaturedProducts' })
export type ManagedFeatured = z.infer<typeof managedFeaturedSchema>

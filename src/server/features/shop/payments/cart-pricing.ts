import type { Kysely } from 'kysely'
import type { CheckoutInput } from '../../../../shared/contract/shop/orders'
import type { DB } from '../../../db/schema'
import { problems } from '../../../lib/http/problem'
import { productsForSale } from '../catalogue/products.repository'

// A cart priced on the server (product.md §3): the client names products and quantities, nothing
// else; each line takes its product's current price, from published, non-deleted products only.

export interface PricedLine {
  product_id: string
  quantity: number
  /** Unit price in minor units. */
  amount: number
}

/** The cart's lines by product id; the same product twice is one line with the quantities added. */
export async function priceCart(db: Kysely<DB>, items: CheckoutInput['items']): Promise<PricedLine[]> {
  const wanted = new Map<string, number>()
  for (const item of items) wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity)
  const products = await productsForSale(db, [...wanted.keys()])
  const missing = [...wanted.keys()].filter((id) => !products.some((p) => p.id === id))
  if (missing.length > 0) {
    throw problems.validation(
      { items: ['Some products are no longer for sale: remove them from the cart.'] },
      'Some products in the cart are no longer for sale.',
    )
  }
  return products
    .map((p) => ({ product_id: p.id, quantity: wanted.get(p.id) ?? 1, amount: Number(p.price) }))
    .sort((a, b) => a.product_id.localeCompare(b.product_id))
}

import { useEffect, useState } from 'react'
import { useCartPrices } from '../shop-api'
import type { useCart } from './cart-store'

/**
 * The cart's lines with the server's current prices, and how many products it took out because they
 * are no longer for sale. Lines whose product the server has not priced (yet) are left out of `rows`.
 */
export function usePricedCart(cart: ReturnType<typeof useCart>) {
  const ids = cart.lines.map((l) => l.product_id)
  const prices = useCartPrices(ids)
  const [removed, setRemoved] = useState(0)

  // Once the server has answered for exactly these ids, drop what it no longer sells.
  const data = prices.data
  useEffect(() => {
    if (!data || prices.isPlaceholderData) return
    const forSale = new Set(data.items.map((p) => p.id))
    const gone = cart.lines.filter((l) => !forSale.has(l.product_id)).map((l) => l.product_id)
    if (gone.length > 0) {
      cart.remove(gone)
      setRemoved((n) => n + gone.length)
    }
  }, [data, prices.isPlaceholderData, cart])

  const products = new Map((data?.items ?? []).map((p) => [p.id, p]))
  const rows = cart.lines.flatMap((line) => {
    const product = products.get(line.product_id)
    return product ? [{ line, product }] : []
  })
  const currency = rows[0]?.product.currency
  const total = rows.reduce((sum, r) => sum + r.product.price * r.line.quantity, 0)
  return { prices, removed, rows, currency, total }
}

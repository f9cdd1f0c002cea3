import { useState } from 'react'
import { startCheckout } from '../checkout/start-checkout'
import type { CartLine } from './cart-store'

/** Starting the checkout of the cart's lines: whether it is under way, and why it did not start. */
export function useCartCheckout(lines: readonly CartLine[], discountCode?: string) {
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  const start = async () => {
    setError(undefined)
    setPending(true)
    try {
      await startCheckout(
        lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
        discountCode,
      )
    } catch (error) {
      setError(error instanceof Error ? error.message : 'Checkout could not start.')
    } finally {
      setPending(false)
    }
  }
  return { start, pending, error }
}

export type CartCheckout = ReturnType<typeof useCartCheckout>

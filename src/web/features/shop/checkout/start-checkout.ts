import { api } from '../../../lib/api'

// PROVISIONAL: the payments work (branch shop-payments) replaces this module at merge with the real
// checkout (Paystack inline or the emulator). The cart calls only this function, with only ids and
// quantities: the server prices the order.

export interface CheckoutItem {
  product_id: string
  quantity: number
}

export async function startCheckout(items: readonly CheckoutItem[]): Promise<void> {
  try {
    await api.post('/api/shop/checkout', { items })
  } catch (error) {
    throw new Error(
      `Checkout could not start: ${error instanceof Error ? error.message : 'unknown error'}. Your cart is kept; please try again.`,
    )
  }
}

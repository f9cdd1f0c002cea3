import type { DiscountPreview, DiscountPreviewInput } from '../../../../shared/contract/shop/discounts'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canCheckout } from '../../../policies/shop/orders.policy'
import { priceCart } from '../payments/cart-pricing'
import { applyCode } from './discount-checkout'
import { subtotalOf } from './discount-pricing'

// The cart's "Discount code" field: what the code takes off these lines for this buyer, computed as the
// checkout will compute it, or a 422 saying why it does not apply. Nothing is reserved here.

type Deps = Pick<AppDeps, 'database' | 'env' | 'clock'>

export async function previewDiscount(
  deps: Deps,
  actor: Caller,
  input: DiscountPreviewInput,
): Promise<DiscountPreview> {
  if (!canCheckout(actor)) throw problems.forbidden('Verify your e-mail address to use a discount code.')
  const db = deps.database.db
  const currency = deps.env.shopCurrency
  const priced = await priceCart(db, input.items)
  const applied = await applyCode(db, input.code, priced, actor.id, deps.clock(), currency)
  const subtotal = subtotalOf(priced)
  return {
    code: applied.code,
    lines: applied.lines,
    subtotal,
    discount: applied.discount,
    total: subtotal - applied.discount,
    currency,
  }
}

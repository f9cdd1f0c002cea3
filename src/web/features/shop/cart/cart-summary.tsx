import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useSession } from '../../accounts/sessions/session'
import { Price } from '../price'
import type { CartLine } from './cart-store'
import { DiscountCodeField } from './discount-code-field'
import { GuestCheckoutForm } from './guest-checkout-form'
import type { CartCheckout } from './use-cart-checkout'
import type { DiscountCodeState } from './use-discount-code'

/** The cart's total and the way to pay: checkout when signed in, else the guest's one-screen checkout. */
export function CartSummary({
  checkout,
  currency,
  total,
  canCheckOut,
  discount,
  lines,
}: {
  checkout: CartCheckout
  discount: DiscountCodeState
  currency: string | undefined
  total: number
  /** Some line is priced: there is something to pay for. */
  canCheckOut: boolean
  /** The cart's lines, for the guest's checkout. */
  lines: readonly CartLine[]
}) {
  const session = useSession()
  const figures = discount.code ? discount.preview.data : undefined
  return (
    <aside
      aria-label="Order summary"
      className="flex h-fit flex-col gap-4 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex items-baseline justify-between">
        <span className="text-fg-muted">Total</span>
        {currency && (
          <Price
            amount={figures ? figures.total : total}
            currency={figures ? figures.currency : currency}
            className="text-xl font-semibold text-fg"
          />
        )}
      </div>
      {session.status === 'authenticated' && <DiscountCodeField discount={discount} />}
      {checkout.error && (
        <Alert variant="danger" title="Checkout did not start">
          {checkout.error}
        </Alert>
      )}
      {session.status === 'authenticated' ? (
        <Button onClick={checkout.start} loading={checkout.pending} disabled={!canCheckOut}>
          Checkout
        </Button>
      ) : session.status === 'unauthenticated' ? (
        <GuestCheckoutForm lines={lines} canPay={canCheckOut} />
      ) : null}
    </aside>
  )
}

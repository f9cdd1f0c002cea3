import { LogIn } from 'lucide-react'
import { Link } from 'react-router'
import { signInLink } from '../../../components/auth/sign-in-link'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useSession } from '../../accounts/sessions/session'
import { Price } from '../price'
import { DiscountCodeField } from './discount-code-field'
import type { CartCheckout } from './use-cart-checkout'
import type { DiscountCodeState } from './use-discount-code'

/** The cart's total and the way to pay: checkout when signed in, else sign in (or sign up) first. */
export function CartSummary({
  checkout,
  currency,
  total,
  canCheckOut,
  discount,
}: {
  checkout: CartCheckout
  discount: DiscountCodeState
  currency: string | undefined
  total: number
  /** Some line is priced: there is something to pay for. */
  canCheckOut: boolean
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
      ) : (
        <>
          <Button asChild>
            <Link to={signInLink('/cart')}>
              <LogIn aria-hidden="true" />
              Sign in to check out
            </Link>
          </Button>
          <p className="text-sm text-fg-muted">
            Your cart is kept in this browser while you sign in or{' '}
            <Link to="/sign-up?callbackUrl=%2Fcart" className="underline underline-offset-2">
              create an account
            </Link>
            .
          </p>
        </>
      )}
    </aside>
  )
}

import { useQuery } from '@tanstack/react-query'
import { CircleCheck, Clock, MailCheck } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import type { GuestOrder } from '../../../../shared/contract/shop/guest-checkout'
import { signInLink } from '../../../components/auth/sign-in-link'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Spinner } from '../../../components/ui/spinner'
import { writeCart } from '../cart/cart-store'
import { OrderLines } from '../orders/order-view'
import { verifyGuestPayment } from './checkout-api'
import { PaymentCheckFailed } from './payment-check-failed'

// The page after a guest paid (docs/decisions/0140): the order just paid in this browser, what came
// of the payment, and where the receipt went. The same words whether or not the address already had an
// account: the receipt's link says what to do next. Downloads are behind signing in.

export function GuestOrderResult({ reference }: { reference: string }) {
  const result = useQuery({
    queryKey: ['orders', 'guest-verify', reference],
    queryFn: () => verifyGuestPayment(reference),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const paidNow = result.data?.order.status === 'paid'
  useEffect(() => {
    if (paidNow) writeCart([])
  }, [paidNow])

  if (result.isPending)
    return (
      <div className="flex items-center gap-3 py-12" role="status">
        <Spinner label="Checking your payment" />
        <span>Checking your payment with Paystack…</span>
      </div>
    )
  if (result.isError) return <PaymentCheckFailed error={result.error} reference={reference} />
  const { order, verified } = result.data
  const paid = order.status === 'paid'
  return (
    <>
      <PageTitle title={paid ? 'Thank you' : 'Your order'} />
      <PageHeader title={paid ? 'Thank you for your order' : 'Your order'} />
      <div className="flex flex-col gap-4">
        <GuestOutcome order={order} verified={verified} />
        <OrderLines order={{ ...order, refunded: 0, discount: 0, discount_code: null }} />
        <p className="text-sm text-fg-muted">
          Already have an account with this address?{' '}
          <Link
            to={signInLink(`/account/orders/${order.id}`)}
            className="text-accent underline underline-offset-2"
          >
            Sign in to see this order
          </Link>
          .
        </p>
      </div>
    </>
  )
}

function GuestOutcome({ order, verified }: { order: GuestOrder; verified: boolean }) {
  if (order.status === 'paid')
    return (
      <Alert variant="success" title="Payment received">
        <p>
          <CircleCheck aria-hidden="true" className="inline size-4" /> We mailed a receipt to{' '}
          <strong className="break-all">{order.email}</strong>.
        </p>
        <p>
          <MailCheck aria-hidden="true" className="inline size-4" /> Open the link in it to see this order and
          download what you bought.
        </p>
      </Alert>
    )
  if (!verified || order.status === 'pending')
    return (
      <Alert variant="warning" title="Payment not confirmed yet">
        <Clock aria-hidden="true" className="inline size-4" /> We will confirm your payment automatically and
        mail the receipt to <strong className="break-all">{order.email}</strong>. You can also reload this
        page in a minute.
      </Alert>
    )
  if (order.status === 'failed')
    return (
      <Alert variant="danger" title="The payment did not go through">
        You have not been charged. Go back to{' '}
        <Link to="/cart" className="underline underline-offset-2">
          your cart
        </Link>{' '}
        to try again.
      </Alert>
    )
  if (order.status === 'needs_review')
    return (
      <Alert variant="warning" title="We are checking your payment">
        The amount we received does not match the order. Our team will contact you.
      </Alert>
    )
  return null
}

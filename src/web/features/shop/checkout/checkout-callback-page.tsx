import { useQuery } from '@tanstack/react-query'
import { CircleX } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { EmptyState } from '../../../components/ui/empty-state'
import { Spinner } from '../../../components/ui/spinner'
import { useSession } from '../../accounts/sessions/session'
import { writeCart } from '../cart/cart-store'
import { Deliverables, OrderLines } from '../orders/order-view'
import { verifyPayment } from './checkout-api'
import { GuestOrderResult } from './guest-order-result'
import { PayAgainFailure, usePayAgain } from './pay-again'
import { PaymentCheckFailed } from './payment-check-failed'
import { PaymentOutcomeAlert } from './payment-outcome-alert'

// /shop/checkout/callback?reference=…: where Paystack's popup, its redirect and the emulator's page all
// land. The page asks the server to verify — it never decides "paid" itself — and reloading it only
// shows the order again (the server sends nothing twice).

export function CheckoutCallbackPage() {
  const [params] = useSearchParams()
  const reference = params.get('reference') ?? params.get('trxref') ?? ''
  const session = useSession()
  if (!reference)
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        title="No payment to check"
        description="This page is opened after paying."
      />
    )
  if (session.status === 'loading')
    return (
      <div className="flex items-center gap-3 py-12" role="status">
        <Spinner label="Checking your payment" />
        <span>Checking your payment…</span>
      </div>
    )
  // A guest paid: only an order this browser paid for is shown (docs/decisions/0140).
  if (session.status === 'unauthenticated') return <GuestOrderResult reference={reference} />
  return <BuyerOrderResult reference={reference} />
}

function BuyerOrderResult({ reference }: { reference: string }) {
  const result = useQuery({
    queryKey: ['orders', 'verify', reference],
    queryFn: () => verifyPayment(reference),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const payAgain = usePayAgain(result.data?.order.id ?? '')
  // The whole cart went into this order: once the server says it is paid, the cart has done its job.
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
        <PaymentOutcomeAlert order={order} verified={verified} payAgain={payAgain} />
        <PayAgainFailure payAgain={payAgain} />
        <OrderLines order={order} />
        <Deliverables order={order} />
        <p>
          <Link to={`/account/orders/${order.id}`} className="text-accent hover:underline">
            Open this order
          </Link>{' '}
          ·{' '}
          <Link to="/account/orders" className="text-accent hover:underline">
            All your orders
          </Link>
        </p>
      </div>
    </>
  )
}

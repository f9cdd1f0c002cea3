import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage, isApiError } from '../../../lib/api'
import { writeCart } from '../cart-store'
import { Deliverables, OrderLines } from '../orders/order-view'
import { verifyPayment } from './checkout-api'
import { PayAgainButton, PayAgainFailure, usePayAgain } from './pay-again'

// /shop/checkout/callback?reference=…: where Paystack's popup, its redirect and the emulator's page all
// land. The page asks the server to verify — it never decides "paid" itself — and reloading it only
// shows the order again (the server sends nothing twice).

export function CheckoutCallbackPage() {
  const [params] = useSearchParams()
  const reference = params.get('reference') ?? params.get('trxref') ?? ''
  const result = useQuery({
    queryKey: ['orders', 'verify', reference],
    queryFn: () => verifyPayment(reference),
    enabled: reference !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const payAgain = usePayAgain(result.data?.order.id ?? '')
  // The whole cart went into this order: once the server says it is paid, the cart has done its job.
  const paidNow = result.data?.order.status === 'paid'
  useEffect(() => {
    if (paidNow) writeCart([])
  }, [paidNow])

  if (!reference)
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        title="No payment to check"
        description="This page is opened after paying."
      />
    )
  if (result.isPending)
    return (
      <div className="flex items-center gap-3 py-12" role="status">
        <Spinner label="Checking your payment" />
        <span>Checking your payment with Paystack…</span>
      </div>
    )
  if (result.isError) {
    const status = isApiError(result.error) ? result.error.status : 0
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        tone="danger"
        title={
          status === 401
            ? 'Sign in to see your order'
            : status === 404
              ? 'No such order'
              : 'We could not check this payment'
        }
        description={errorMessage(result.error)}
        action={
          status === 401 ? (
            <Button asChild>
              <Link
                to={`/sign-in?callbackUrl=${encodeURIComponent(`/shop/checkout/callback?reference=${reference}`)}`}
              >
                Sign in
              </Link>
            </Button>
          ) : undefined
        }
      />
    )
  }
  const { order, verified } = result.data
  const paid = order.status === 'paid'
  return (
    <>
      <PageTitle title={paid ? 'Thank you' : 'Your order'} />
      <PageHeader title={paid ? 'Thank you for your order' : 'Your order'} />
      <div className="flex flex-col gap-4">
        {paid ? (
          <Alert variant="success" title="Payment received">
            <CircleCheck aria-hidden="true" className="inline size-4" /> A receipt is on its way to your
            inbox.
          </Alert>
        ) : !verified ? (
          <Alert variant="warning" title="Payment not confirmed yet">
            <Clock aria-hidden="true" className="inline size-4" /> Paystack is not answering right now. We
            will confirm your payment automatically; you can also reload this page in a minute.
          </Alert>
        ) : order.status === 'failed' || order.status === 'pending' ? (
          <Alert
            variant={order.status === 'failed' ? 'danger' : 'info'}
            title={order.status === 'failed' ? 'The payment did not go through' : 'Not paid yet'}
            action={
              order.abilities.pay ? <PayAgainButton payAgain={payAgain} label="Pay again" /> : undefined
            }
          >
            You have not been charged for this order. You can try again with the same order.
          </Alert>
        ) : order.status === 'needs_review' ? (
          <Alert variant="warning" title="We are checking your payment">
            The amount we received does not match the order. Our team will contact you.
          </Alert>
        ) : null}
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

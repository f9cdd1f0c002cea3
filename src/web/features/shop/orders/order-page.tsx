import { CircleX } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api'
import { payOrderAgain } from '../checkout/start-checkout'
import { Deliverables, OrderLines } from './order-view'
import { useOrder } from './orders-api'

/** /account/orders/:id: one of the buyer's orders, its status and (while paid) its downloads. */
export function OrderPage() {
  const { id = '' } = useParams()
  const order = useOrder('mine', id)
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<string>()
  if (order.isPending)
    return (
      <div role="status" aria-label="Loading the order">
        <Skeleton className="h-48" />
      </div>
    )
  if (order.isError)
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        tone="danger"
        title="Order not available"
        description={errorMessage(order.error)}
      />
    )
  const o = order.data
  return (
    <>
      <PageTitle title={`Order ${o.trxref}`} />
      <PageHeader title={`Order ${o.trxref}`} />
      <div className="flex flex-col gap-4">
        {o.abilities.pay ? (
          <Alert
            variant="info"
            title="Not paid yet"
            action={
              <Button
                disabled={paying}
                onClick={() => {
                  setPaying(true)
                  setPayError(undefined)
                  payOrderAgain(o.id)
                    .catch((error: unknown) => setPayError(errorMessage(error)))
                    .finally(() => setPaying(false))
                }}
              >
                {paying ? 'Opening…' : 'Pay now'}
              </Button>
            }
          >
            Paying reopens the same transaction: you will not be charged twice.
          </Alert>
        ) : null}
        {payError ? (
          <Alert variant="danger" title="Could not open the payment">
            {payError}
          </Alert>
        ) : null}
        <OrderLines order={o} />
        <Deliverables order={o} />
        <p>
          <Link to="/account/orders" className="text-accent hover:underline">
            All your orders
          </Link>
        </p>
      </div>
    </>
  )
}

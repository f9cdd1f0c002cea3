import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { payOrderAgain } from '../checkout/start-checkout'
import { orderQueryState } from './order-query-state'
import { Deliverables, OrderLines, Refunds } from './order-view'
import { useOrder } from './orders-api'

/** /account/orders/:id: one of the buyer's orders, its status and (while paid) its downloads. */
export function OrderPage() {
  const { id = '' } = useParams()
  const order = useOrder('mine', id)
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<string>()
  const fallback = orderQueryState(order)
  if (fallback || !order.data) return fallback
  const o = order.data
  return (
    <>
      <PageTitle title={`Order ${o.name}`} />
      <PageHeader
        title={`Order ${o.name}`}
        description={o.buyer_business_name ? `Billed to ${o.buyer_business_name}` : undefined}
      />
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
        <Refunds order={o} />
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

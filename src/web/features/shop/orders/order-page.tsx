import { Link, useParams } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { PayAgainButton, PayAgainFailure, usePayAgain } from '../checkout/pay-again'
import { recordQueryState } from '../record-query-state'
import { OrderDocumentsCard } from './order-documents'
import { OrderHeading } from './order-heading'
import { Deliverables, OrderLines, Refunds } from './order-view'
import { useOrder } from './orders-api'

/** /account/orders/:id: one of the buyer's orders, its status and (while paid) its downloads. */
export function OrderPage() {
  const { id = '' } = useParams()
  const order = useOrder('mine', id)
  const payAgain = usePayAgain(id)
  const fallback = recordQueryState(order, 'order')
  if (fallback || !order.data) return fallback
  const o = order.data
  return (
    <>
      <OrderHeading
        name={o.name}
        description={o.buyer_business_name ? `Billed to ${o.buyer_business_name}` : undefined}
      />
      <div className="flex flex-col gap-4">
        {o.abilities.pay ? (
          <Alert
            variant="info"
            title="Not paid yet"
            action={<PayAgainButton payAgain={payAgain} label="Pay now" />}
          >
            Paying reopens the same transaction: you will not be charged twice.
          </Alert>
        ) : null}
        <PayAgainFailure payAgain={payAgain} />
        <OrderLines order={o} />
        <Refunds order={o} />
        <OrderDocumentsCard scope="mine" orderId={o.id} status={o.status} />
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

import { CircleCheck, Clock } from 'lucide-react'
import type { OrderDetail } from '../../../../shared/contract/shop/orders'
import { Alert } from '../../../components/ui/alert'
import { type PayAgain, PayAgainButton } from './pay-again'

/** What the payment came to: paid, not confirmed yet, not paid (pay again), or under review. */
export function PaymentOutcomeAlert({
  order,
  verified,
  payAgain,
}: {
  order: OrderDetail
  verified: boolean
  payAgain: PayAgain
}) {
  if (order.status === 'paid')
    return (
      <Alert variant="success" title="Payment received">
        <CircleCheck aria-hidden="true" className="inline size-4" /> A receipt is on its way to your inbox.
      </Alert>
    )
  if (!verified)
    return (
      <Alert variant="warning" title="Payment not confirmed yet">
        <Clock aria-hidden="true" className="inline size-4" /> Paystack is not answering right now. We will
        confirm your payment automatically; you can also reload this page in a minute.
      </Alert>
    )
  if (order.status === 'failed' || order.status === 'pending')
    return (
      <Alert
        variant={order.status === 'failed' ? 'danger' : 'info'}
        title={order.status === 'failed' ? 'The payment did not go through' : 'Not paid yet'}
        action={order.abilities.pay ? <PayAgainButton payAgain={payAgain} label="Pay again" /> : undefined}
      >
        You have not been charged for this order. You can try again with the same order.
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

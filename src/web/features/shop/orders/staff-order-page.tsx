import { useState } from 'react'
import { Link, useParams } from 'react-router'
import {
  type OrderDetail,
  type RefundInput,
  refundInputSchema,
} from '../../../../shared/contract/shop/orders'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'
import { currencyExponent, formatDateTime, formatMoney } from '../../../lib/format'
import { recordQueryState } from '../record-query-state'
import { OrderDocumentsCard } from './order-documents'
import { OrderHeading } from './order-heading'
import { ORDER_STATUS_LABELS } from './order-status'
import { OrderLines } from './order-view'
import { useOrder, useRefund } from './orders-api'

/** /staff/orders/:id: one order with its buyer, payment events, status history and refunds. */
export function StaffOrderPage() {
  const { id = '' } = useParams()
  const order = useOrder('staff', id)
  const denied = accessProblemStatus(order.error)
  if (denied) return <AccessProblem status={denied} need="AccessShop" action="see orders" />
  const fallback = recordQueryState(order, 'order')
  if (fallback || !order.data) return fallback
  const o = order.data
  return (
    <>
      <OrderHeading
        name={o.name}
        description={[o.buyer_name, o.buyer_business_name, o.buyer_email].filter(Boolean).join(' · ')}
      />
      <div className="flex flex-col gap-4">
        {o.status === 'needs_review' ? (
          <Alert variant="warning" title="Needs review">
            Money arrived but the amount or currency does not match the order. See the payment events below.
          </Alert>
        ) : null}
        <OrderLines order={o} />
        <OrderDocumentsCard scope="staff" orderId={o.id} status={o.status} />
        {o.abilities.refund ? <RefundForm order={o} /> : null}
        <History order={o} />
        <p>
          <Link to="/staff/orders" className="text-accent hover:underline">
            All orders
          </Link>
        </p>
      </div>
    </>
  )
}

function History({ order }: { order: OrderDetail }) {
  return (
    <Card>
      <CardHeader title="History" description="Every status change and payment event, with its cause." />
      {order.events.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing recorded yet.</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {order.events.map((e) => (
            <li key={e.id} className="border-l-2 border-border pl-3">
              <span className="text-fg-muted">{formatDateTime(e.createdAt)}</span> ·{' '}
              {e.kind === 'status'
                ? `${e.from_status ? ORDER_STATUS_LABELS[e.from_status] : 'New'} → ${e.to_status ? ORDER_STATUS_LABELS[e.to_status] : ''}`
                : e.kind === 'alert'
                  ? `Alert: ${String(e.details.why ?? '')}`
                  : `${e.kind === 'payment' ? 'Payment' : 'Refund'}: ${String(e.details.paystack_status ?? '')} ${
                      typeof e.details.amount === 'number'
                        ? formatMoney(e.details.amount, String(e.details.currency ?? order.currency))
                        : ''
                    }`}{' '}
              <span className="text-fg-muted">({e.cause})</span>
            </li>
          ))}
        </ol>
      )}
      {order.refunds.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">Refunds</h3>
          <ul className="text-sm">
            {order.refunds.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.createdAt)} · {formatMoney(r.amount, r.currency)} · {r.status}
                {r.reason ? ` · ${r.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  )
}

function RefundForm({ order }: { order: OrderDetail }) {
  const refund = useRefund(order.id)
  // The checked refund waiting for the confirmation, or null while none is asked.
  const [asked, setAsked] = useState<RefundInput | null>(null)
  const scale = 10 ** currencyExponent(order.currency)
  const schema = refundInputSchema.refine((input) => (input.amount ?? 0) <= order.refundable, {
    path: ['amount'],
    message: `At most ${formatMoney(order.refundable, order.currency)}.`,
  })
  const form = useForm({
    schema,
    submission: refund,
    prepare: ({ amount = '', reason = '' }) => ({
      ...(amount.trim() === '' ? {} : { amount: Math.round(Number(amount) * scale) }),
      ...(reason.trim() ? { reason } : {}),
    }),
    onValid: setAsked,
  })
  const minor = asked?.amount ?? order.refundable

  return (
    <Card>
      <CardHeader
        title="Refund"
        description={`Up to ${formatMoney(order.refundable, order.currency)} can be refunded through Paystack.`}
      />
      <form {...form.props} className="flex flex-col gap-3">
        <FormField label="Amount (leave empty for everything refundable)" error={form.errors.amount}>
          <Input name="amount" inputMode="decimal" />
        </FormField>
        <FormField label="Reason (optional)" error={form.errors.reason}>
          <Input name="reason" maxLength={500} />
        </FormField>
        <FormFailure title="Refund not started" failure={form.failure} />
        <div>
          <Button type="submit" variant="danger" disabled={refund.isPending}>
            Refund…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null)
        }}
        destructive
        title={`Refund ${formatMoney(minor, order.currency)}?`}
        description="Paystack returns the money to the buyer's card. This cannot be undone."
        confirmLabel="Refund"
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { amount: minor, ...(asked?.reason ? { reason: asked.reason } : {}) },
            {
              onSettled: () => setAsked(null),
              onSuccess: () => {
                form.props.ref.current?.reset()
                toast({
                  title: 'Refund asked of Paystack',
                  description: 'The order updates when Paystack confirms it.',
                  variant: 'success',
                })
              },
            },
          )
        }
      />
    </Card>
  )
}

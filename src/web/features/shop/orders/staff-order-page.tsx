import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { OrderDetail } from '../../../../shared/contract/orders'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { FormField } from '../../../components/forms/field'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, fieldError } from '../../../lib/api'
import { currencyExponent, formatDateTime, formatMoney } from '../../../lib/format'
import { orderQueryState } from './order-query-state'
import { ORDER_STATUS_LABELS } from './order-status'
import { OrderLines } from './order-view'
import { useOrder, useRefund } from './orders-api'

/** /staff/orders/:id: one order with its buyer, payment events, status history and refunds. */
export function StaffOrderPage() {
  const { id = '' } = useParams()
  const order = useOrder('staff', id)
  const denied = accessProblemStatus(order.error)
  if (denied) return <AccessProblem status={denied} need="AccessShop" action="see orders" />
  const fallback = orderQueryState(order)
  if (fallback || !order.data) return fallback
  const o = order.data
  return (
    <>
      <PageTitle title={`Order ${o.trxref}`} />
      <PageHeader title={`Order ${o.trxref}`} description={`${o.buyer_name} · ${o.buyer_email}`} />
      <div className="flex flex-col gap-4">
        {o.status === 'needs_review' ? (
          <Alert variant="warning" title="Needs review">
            Money arrived but the amount or currency does not match the order. See the payment events below.
          </Alert>
        ) : null}
        <OrderLines order={o} />
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
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [localError, setLocalError] = useState<string>()
  const scale = 10 ** currencyExponent(order.currency)
  const minor = amount.trim() === '' ? order.refundable : Math.round(Number(amount) * scale)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!Number.isFinite(minor) || minor <= 0) return setLocalError('Enter a positive amount.')
    if (minor > order.refundable)
      return setLocalError(`At most ${formatMoney(order.refundable, order.currency)}.`)
    setLocalError(undefined)
    setConfirming(true)
  }

  return (
    <Card>
      <CardHeader
        title="Refund"
        description={`Up to ${formatMoney(order.refundable, order.currency)} can be refunded through Paystack.`}
      />
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <FormField
          label="Amount (leave empty for everything refundable)"
          error={localError ?? fieldError(refund.error, 'amount')}
        >
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label="Reason (optional)" error={fieldError(refund.error, 'reason')}>
          <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        {refund.isError && !fieldError(refund.error, 'amount') ? (
          <Alert variant="danger" title="Refund not started">
            {errorMessage(refund.error)}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" variant="danger" disabled={refund.isPending}>
            Refund…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive
        title={`Refund ${formatMoney(minor, order.currency)}?`}
        description="Paystack returns the money to the buyer's card. This cannot be undone."
        confirmLabel="Refund"
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { amount: minor, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            {
              onSettled: () => setConfirming(false),
              onSuccess: () => {
                setAmount('')
                setReason('')
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

import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { Env } from '../../../env'
import { PAYABLE, type PaymentReport, settle } from '../../../policies/shop/orders.policy'
import { countDiscountUse } from '../discounts/discount-uses'
import { issueInvoice } from '../invoices/invoices.issue'
import { snapshotOrderFiles } from '../orders/delivery-files.repository'
import { fulfil, notifyOrderUpdated } from '../orders/orders.fulfilment'
import {
  countVerifyAttempt,
  findPayment,
  lockOrderByReference,
  moveOrder,
  recordOrderEvent,
  savePaymentReport,
} from '../orders/orders.repository'
import type { PaystackTransaction } from '../paystack/paystack-gateway'

// The one idempotent operation that turns Paystack's word into an order's status (product.md §3):
// the browser's callback (verify), the charge.success webhook and the reconciliation job all end
// here. Status, reference, amount and currency must match for `paid`; money that arrived but does not
// match is `needs_review`. The status moves by a guarded update, and fulfilment rides on the update
// that moved the order into `paid`, in the same transaction: exactly once, whatever the number, order
// and concurrency of reports (docs/decisions/0031). The same update fixes the files the order delivers:
// each line takes its product's file as it is at payment (docs/decisions/0049), and issues the order's
// invoice with the next number of its gapless series (docs/decisions/0126).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer' | 'paystack'>

export const PAYSTACK_ACTOR = { id: null, name: 'Paystack' } as const

export interface SettleOutcome {
  orderId: string
  status: string
  changed: boolean
}

export function reportOf(tx: PaystackTransaction): PaymentReport {
  return { status: tx.status, reference: tx.reference, amount: Number(tx.amount), currency: tx.currency }
}

/** Applies one report of Paystack's to the order with that reference. Unknown reference: undefined. */
export async function applyPaymentReport(
  deps: Deps,
  tx: PaystackTransaction,
  cause: string,
): Promise<SettleOutcome | undefined> {
  const report = reportOf(tx)
  const now = deps.clock()
  const result = await deps.database.db.transaction().execute(async (trx) => {
    // One report per order at a time: the loser of a race reads the winner's status and does nothing.
    const order = await lockOrderByReference(trx, report.reference)
    if (!order) return undefined
    const details = {
      paystack_status: report.status,
      amount: report.amount,
      currency: report.currency,
      paystack_id: String(tx.id),
      gateway_response: tx.gateway_response ?? null,
    }
    const payment = await findPayment(trx, order.id)
    const settlement = settle(order, report)
    const news = payment?.paystack_status !== report.status
    if (news || settlement.to) {
      await recordOrderEvent(trx, order.id, 'payment', cause, now, details)
      const paid = report.status === 'success'
      const values = {
        paystack_id: String(tx.id),
        paystack_status: report.status,
        ...(paid
          ? {
              paid_amount: report.amount,
              paid_currency: report.currency,
              paid_at: tx.paid_at ?? now.toISOString(),
            }
          : {}),
      }
      await savePaymentReport(trx, order.id, values, now, payment !== undefined)
    }
    if (!settlement.to) return { orderId: order.id, status: order.status, changed: false }
    const moved = await moveOrder(trx, order, order.status, settlement.to, cause, now, {
      ...details,
      ...('why' in settlement ? { why: settlement.why } : {}),
    })
    if (!moved) return { orderId: order.id, status: order.status, changed: false }
    if (settlement.to === 'paid' && PAYABLE.includes(order.status)) {
      await snapshotOrderFiles(trx, order.id)
      await countDiscountUse(trx, order.id)
      const invoice = await issueInvoice(trx, deps.env, order, now)
      await fulfil(trx, deps.env, order, now, invoice)
    } else if (settlement.to === 'needs_review') {
      await recordOrderEvent(trx, order.id, 'alert', cause, now, { why: settlement.why })
      await notifyOrderUpdated(trx, order, PAYSTACK_ACTOR, `needs review: ${settlement.why}`, now)
    }
    return { orderId: order.id, status: settlement.to, changed: true }
  })
  if (result?.changed) deps.mailer.kick()
  return result
}

/**
 * An order a discount made free, in the checkout's transaction that made it: paid without Paystack,
 * with the same effects as a payment (files fixed, the code's use counted, fulfilment), once, since
 * the order moves from pending to paid only here.
 */
export async function settleFreeOrder(
  trx: Kysely<DB>,
  env: Env,
  order: { id: string; trxref: string; total: number; currency: string; user_id: string },
  now: Date,
): Promise<void> {
  if (!(await moveOrder(trx, order, 'pending', 'paid', 'free_order', now, { total: 0 }))) return
  await snapshotOrderFiles(trx, order.id)
  await countDiscountUse(trx, order.id)
  const invoice = await issueInvoice(trx, env, order, now)
  await fulfil(trx, env, order, now, invoice)
}

/** Asks Paystack about a reference and applies the answer. Throws PaystackUnavailable on an outage. */
export async function verifyAndApply(deps: Deps, reference: string, cause: string) {
  await countVerifyAttempt(deps.database.db, reference, deps.clock())
  return applyPaymentReport(deps, await deps.paystack.verify(reference), cause)
}

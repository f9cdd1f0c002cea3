import type { AppDeps } from '../../../deps'
import { returnDiscountUse } from '../discounts/discount-uses'
import { declinedOrdersHoldingUses } from '../discounts/discounts.repository'
import { findOrder, moveOrder, stalePendingOrders } from '../orders/orders.repository'
import { PaystackRefused, PaystackUnavailable } from '../paystack/paystack-gateway'
import { verifyAndApply } from './payments.service'

// The reconciliation job (product.md §3): pending orders whose buyer never came back and whose webhook
// never arrived are verified with Paystack, through the same idempotent operation as the callback and
// the webhook. Past the abandon limit an order Paystack did not see paid becomes `abandoned` (a late
// success still pays it). When Paystack does not answer the order stays pending and the next run
// tries again: an outage never abandons anything. An abandoned order gives its discount code's use
// back (docs/decisions/0125), and so does a declined checkout nobody paid again within the same time
// (docs/decisions/0135): it stays `failed`, and paying it later takes a use again.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer' | 'paystack'>

/** A pending order is verified once it is this old (the buyer may still be on the checkout). */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000
/** …and abandoned once it is this old and Paystack has not seen it paid. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000
export const RECONCILE_EVERY_MS = 5 * 60 * 1000
const BATCH = 100

export interface ReconcileResult {
  checked: number
  paid: number
  abandoned: number
  unavailable: number
  /** Declined checkouts past the abandon limit whose discount use went back. */
  usesReturned: number
}

export async function reconcilePendingOrders(deps: Deps, signal?: AbortSignal): Promise<ReconcileResult> {
  const now = deps.clock()
  const result: ReconcileResult = {
    checked: 0,
    paid: 0,
    abandoned: 0,
    unavailable: 0,
    usesReturned: 0,
  }
  const orders = await stalePendingOrders(
    deps.database.db,
    new Date(now.getTime() - RECONCILE_AFTER_MS),
    BATCH,
  )
  for (const order of orders) {
    if (signal?.aborted) break
    result.checked++
    let answered = true
    try {
      const outcome = await verifyAndApply(deps, order.trxref, 'reconciliation')
      if (outcome?.changed && outcome.status === 'paid') result.paid++
    } catch (error) {
      // Not found at Paystack: never initialized (initialize failed) — abandon like any other.
      if (error instanceof PaystackUnavailable) {
        answered = false
        result.unavailable++
      } else if (!(error instanceof PaystackRefused)) throw error
    }
    if (!answered) continue
    const tooOld = new Date(order.createdAt).getTime() < now.getTime() - ABANDON_AFTER_MS
    if (!tooOld) continue
    const current = await findOrder(deps.database.db, order.id)
    if (current?.status !== 'pending') continue
    const moved = await deps.database.db.transaction().execute(async (trx) => {
      const done = await moveOrder(trx, current, 'pending', 'abandoned', 'reconciliation', deps.clock(), {
        age_ms: now.getTime() - new Date(order.createdAt).getTime(),
      })
      if (done) await returnDiscountUse(trx, current.id)
      return done
    })
    if (moved) result.abandoned++
  }
  if (!signal?.aborted) result.usesReturned = await returnDeclinedUses(deps, now)
  return result
}

/** Declined checkouts as old as an abandoned one give their reserved use back; each in its own transaction. */
async function returnDeclinedUses(deps: Deps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ABANDON_AFTER_MS)
  const declined = await declinedOrdersHoldingUses(deps.database.db, before, BATCH)
  for (const order of declined)
    await deps.database.db.transaction().execute((trx) => returnDiscountUse(trx, order.id))
  return declined.length
}

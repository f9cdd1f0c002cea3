import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { discountProblem } from './discount-checkout'
import {
  addToCounters,
  customerUses,
  findDiscount,
  moveOrderUse,
  orderUse,
  takeUse,
} from './discounts.repository'

// The life of one order's use of its code (docs/decisions/0125, 0135): reserved when the checkout makes
// the order (discount-checkout.ts), counted in the transaction that marks the order paid, returned when
// an unpaid checkout is abandoned: a pending one by the reconciliation, a declined one (`failed`) once
// it is as old as an abandoned one. Paying again an order whose use went back takes one again, within
// the limits. `uses` holds reserved and counted uses, so the limit is checked against both;
// `paid_uses` only the counted ones.

/** In the transaction that moved the order into `paid`: its use counts. Nothing for an order without a code. */
export async function countDiscountUse(trx: Kysely<DB>, orderId: string): Promise<void> {
  const order = await orderUse(trx, orderId)
  if (!order?.discount_code_id || !order.discount_use || order.discount_use === 'counted') return
  const wasReturned = order.discount_use === 'returned'
  if (!(await moveOrderUse(trx, orderId, ['reserved', 'returned'], 'counted'))) return
  // A late payment of an abandoned checkout takes its use again: the money arrived with the discount.
  await addToCounters(trx, order.discount_code_id, { uses: wasReturned ? 1 : 0, paid_uses: 1 })
}

/**
 * Pressing Pay again on an order whose use went back: the use is taken again as a new checkout would
 * take it (total and per-customer limits, code still active), or the 422 says why not.
 */
export async function retakeDiscountUse(trx: Kysely<DB>, orderId: string, userId: string): Promise<void> {
  const order = await orderUse(trx, orderId)
  if (!order?.discount_code_id || order.discount_use !== 'returned') return
  const code = await findDiscount(trx, order.discount_code_id)
  if (!code || !(await takeUse(trx, code.id))) throw discountProblem('discount_used_up')
  const limit = code.max_uses_per_customer
  if (limit !== null && (await customerUses(trx, code.id, userId)) >= limit)
    throw discountProblem('discount_already_used')
  await moveOrderUse(trx, orderId, ['returned'], 'reserved')
}

/** In the transaction that abandons an unpaid order: its reserved use goes back to the code. */
export async function returnDiscountUse(trx: Kysely<DB>, orderId: string): Promise<void> {
  const order = await orderUse(trx, orderId)
  if (!order?.discount_code_id || order.discount_use !== 'reserved') return
  if (!(await moveOrderUse(trx, orderId, ['reserved'], 'returned'))) return
  await addToCounters(trx, order.discount_code_id, { uses: -1, paid_uses: 0 })
}

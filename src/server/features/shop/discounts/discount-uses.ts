import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { addToCounters, moveOrderUse, orderUse } from './discounts.repository'

// The life of one order's use of its code (docs/decisions/0125): reserved when the checkout makes the
// order (discount-checkout.ts), counted in the transaction that marks the order paid, returned when an
// unpaid checkout is abandoned. `uses` holds reserved and counted uses, so the limit is checked against
// both; `paid_uses` only the counted ones.

/** In the transaction that moved the order into `paid`: its use counts. Nothing for an order without a code. */
export async function countDiscountUse(trx: Kysely<DB>, orderId: string): Promise<void> {
  const order = await orderUse(trx, orderId)
  if (!order?.discount_code_id || !order.discount_use || order.discount_use === 'counted') return
  const wasReturned = order.discount_use === 'returned'
  if (!(await moveOrderUse(trx, orderId, ['reserved', 'returned'], 'counted'))) return
  // A late payment of an abandoned checkout takes its use again: the money arrived with the discount.
  await addToCounters(trx, order.discount_code_id, { uses: wasReturned ? 1 : 0, paid_uses: 1 })
}

/** In the transaction that abandons an unpaid order: its reserved use goes back to the code. */
export async function returnDiscountUse(trx: Kysely<DB>, orderId: string): Promise<void> {
  const order = await orderUse(trx, orderId)
  if (!order?.discount_code_id || order.discount_use !== 'reserved') return
  if (!(await moveOrderUse(trx, orderId, ['reserved'], 'returned'))) return
  await addToCounters(trx, order.discount_code_id, { uses: -1, paid_uses: 0 })
}

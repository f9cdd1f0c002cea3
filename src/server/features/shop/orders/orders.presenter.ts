import type { Deliverable, OrderDetail, OrderSummary } from '../../../../shared/contract/shop/orders'
import { orderName } from '../../../../shared/order-name'
import type { DB } from '../../../db/schema'
import type { Caller } from '../../../lib/http/caller'
import { canRefund } from '../../../policies/shop/orders.policy'
import { businessNameOf } from './orders.fulfilment'
import type { OrderLineRow, OrderRow } from './orders.repository'

// What leaves the server about orders. Buyers see their lines, status, deliverables and the refunds
// made or under way (docs/decisions/0059); the payment events, status history, failed refunds and
// staff's reasons are for shop staff.

/** One order of a list; `lines` are its products (names), which name it. */
export function presentOrderSummary(row: OrderRow, lines: readonly { name: string }[]): OrderSummary {
  return {
    id: row.id,
    trxref: row.trxref,
    name: lines.length > 0 ? orderName(lines) : row.trxref,
    status: row.status,
    total: Number(row.total),
    discount_code: row.discount_code,
    discount: Number(row.discount_total),
    currency: row.currency,
    user_id: row.user_id,
    buyer_name: row.buyer_name,
    buyer_email: row.buyer_email,
    buyer_business_name: businessNameOf({
      account_type: row.buyer_account_type,
      business_name: row.buyer_business_name,
    }),
    item_count: Number(row.item_count ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export function presentOrderDetail(
  row: OrderRow,
  actor: Caller,
  input: {
    lines: OrderLineRow[]
    deliverables: Deliverable[]
    events: DB['order_events'][]
    refunds: DB['refunds'][]
    refunded: number
    staff: boolean
  },
): OrderDetail {
  const mine = actor.kind === 'user' && actor.id === row.user_id
  return {
    ...presentOrderSummary(row, input.lines),
    lines: input.lines.map((l) => ({
      product_id: l.product_id,
      name: l.name,
      type: l.type,
      quantity: l.quantity,
      amount: Number(l.amount),
      discount: Number(l.discount),
    })),
    deliverables: input.deliverables,
    events: input.staff
      ? input.events.map((e) => ({
          id: e.id,
          kind: e.kind,
          from_status: e.from_status,
          to_status: e.to_status,
          cause: e.cause,
          details: JSON.parse(e.details) as Record<string, unknown>,
          createdAt: e.createdAt,
        }))
      : [],
    refunds: input.refunds
      .filter((r) => input.staff || r.status !== 'failed')
      .map((r) => ({
        id: r.id,
        amount: Number(r.amount),
        currency: r.currency,
        status: r.status,
        reason: input.staff ? r.reason : null,
        createdAt: r.createdAt,
      })),
    refunded: input.refunds
      .filter((r) => r.status === 'processed')
      .reduce((sum, r) => sum + Number(r.amount), 0),
    refundable: row.status === 'paid' ? Number(row.total) - input.refunded : 0,
    abilities: {
      pay: mine && (row.status === 'pending' || row.status === 'failed'),
      refund: canRefund(actor) && row.status === 'paid' && Number(row.total) - input.refunded > 0,
    },
  }
}

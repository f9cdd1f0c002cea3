import { Download, ExternalLink } from 'lucide-react'
import type { OrderDetail } from '../../../../shared/contract/shop/orders'
import { MAIL_LINK_LIFETIME, PAGE_LINK_LIFETIME } from '../../../../shared/download-links'
import { Card, CardHeader } from '../../../components/ui/card'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { OrderStatusBadge } from './order-status'

// One order as its buyer sees it: lines, total, refunds, status and — while paid — its deliverables.

/** What the lines table reads of an order (a guest's order after paying has no more than this). */
export type OrderLinesOf = Pick<
  OrderDetail,
  | 'lines'
  | 'status'
  | 'refunded'
  | 'name'
  | 'currency'
  | 'discount'
  | 'discount_code'
  | 'total'
  | 'trxref'
  | 'createdAt'
>

export function OrderLines({ order }: { order: OrderLinesOf }) {
  return (
    <Card>
      <CardHeader
        title="Items"
        aside={<OrderStatusBadge status={order.status} refunded={order.refunded} />}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">Items in order {order.name}</caption>
        <thead>
          <tr className="text-left text-fg-muted">
            <th scope="col" className="py-2">
              Product
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="py-2 text-right">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.product_id} className="border-t border-border">
              <th scope="row" className="py-2 text-left font-normal">
                {line.name} <span className="text-fg-muted">· {line.type}</span>
              </th>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right">{formatMoney(line.amount * line.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discount > 0 && (
            <tr className="border-t border-border">
              <th scope="row" colSpan={2} className="py-2 text-left font-normal">
                Discount{order.discount_code ? ` (code ${order.discount_code})` : ''}
              </th>
              <td className="py-2 text-right">−{formatMoney(order.discount, order.currency)}</td>
            </tr>
          )}
          <tr className="border-t border-border font-semibold">
            <th scope="row" colSpan={2} className="py-2 text-left">
              Total
            </th>
            <td className="py-2 text-right">{formatMoney(order.total, order.currency)}</td>
          </tr>
          {order.refunded > 0 ? (
            <>
              <tr>
                <th scope="row" colSpan={2} className="py-1 text-left font-normal">
                  Refunded
                </th>
                <td className="py-1 text-right">−{formatMoney(order.refunded, order.currency)}</td>
              </tr>
              <tr className="font-semibold">
                <th scope="row" colSpan={2} className="py-1 text-left">
                  Paid after refunds
                </th>
                <td className="py-1 text-right">
                  {formatMoney(order.total - order.refunded, order.currency)}
                </td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
      <p className="mt-3 text-sm text-fg-muted">
        Reference <code>{order.trxref}</code> · ordered {formatDateTime(order.createdAt)}
      </p>
    </Card>
  )
}

const REFUND_STATUS: Record<OrderDetail['refunds'][number]['status'], string> = {
  processed: 'Refunded',
  pending: 'Refund under way',
  failed: 'Refund failed',
}

/** The buyer's refunds: each amount, when, and whether it has reached them. */
export function Refunds({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null
  const full = order.status === 'refunded'
  return (
    <Card>
      <CardHeader
        title="Refunds"
        description={
          full
            ? 'This order was refunded in full; its downloads are no longer available.'
            : 'Your bank or card issuer may take a few working days to show a refund.'
        }
      />
      <ul className="flex flex-col gap-2 text-sm">
        {order.refunds.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-2 border-t border-border pt-2">
            <span>
              <span className="font-medium">{REFUND_STATUS[r.status]}</span>{' '}
              <span className="text-fg-muted">· {formatDateTime(r.createdAt)}</span>
            </span>
            <span className="font-medium">{formatMoney(r.amount, r.currency)}</span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

export function Deliverables({ order }: { order: OrderDetail }) {
  if (order.deliverables.length === 0) {
    return order.status === 'paid' || order.status === 'refund_pending' ? null : (
      <p className="text-sm text-fg-muted">Downloads and links appear here once the order is paid.</p>
    )
  }
  return (
    <Card>
      <CardHeader
        title="Your downloads"
        description={`File links on this page work for ${PAGE_LINK_LIFETIME}; reload it for fresh ones. The links in your receipt e-mail work for ${MAIL_LINK_LIFETIME}.`}
      />
      <ul className="flex flex-col gap-2">
        {order.deliverables.map((d) => (
          <li key={d.product_id}>
            <a
              href={d.url}
              className="inline-flex items-center gap-2 font-medium text-accent hover:underline"
              {...(d.kind === 'link'
                ? { target: '_blank', rel: 'noopener noreferrer' }
                : { download: d.file_name ?? true })}
            >
              {d.kind === 'file' ? (
                <Download aria-hidden="true" className="size-4" />
              ) : (
                <ExternalLink aria-hidden="true" className="size-4" />
              )}
              {d.name}
              {d.file_name ? <span className="text-fg-muted">({d.file_name})</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}

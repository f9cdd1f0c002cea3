import type { OrderStatus } from '../../../../shared/enums'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'

// How each order status reads and looks (product.md §3).

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  abandoned: 'Abandoned',
  needs_review: 'Needs review',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
}

const VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  abandoned: 'neutral',
  needs_review: 'danger',
  refund_pending: 'warning',
  refunded: 'neutral',
}

/**
 * The badge. `refunded` (minor units returned so far, when known) tells a partly refunded order from
 * one paid in full: a partial refund leaves the order `paid` (docs/decisions/0032).
 */
export function OrderStatusBadge({ status, refunded = 0 }: { status: OrderStatus; refunded?: number }) {
  if (status === 'paid' && refunded > 0) return <Badge variant="warning">Partly refunded</Badge>
  return <Badge variant={VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>
}

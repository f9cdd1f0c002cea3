import { Receipt } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage, isApiError } from '../../../lib/api'
import { formatDate, formatMoney } from '../../../lib/format'
import { OrderStatusBadge } from './order-status'
import { useMyOrders } from './orders-api'

/** /account/orders: the signed-in buyer's orders, newest first. */
export function MyOrdersPage() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1)
  const orders = useMyOrders({ page, pageSize: 25 })
  return (
    <>
      <PageTitle title="Your orders" />
      <PageHeader title="Your orders" description="Everything you bought, with its downloads." />
      {orders.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading your orders">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : orders.isError ? (
        isApiError(orders.error) && orders.error.status === 401 ? (
          <EmptyState
            headingLevel="h2"
            title="Sign in to see your orders"
            action={
              <Button asChild>
                <Link to="/sign-in?callbackUrl=%2Faccount%2Forders">Sign in</Link>
              </Button>
            }
          />
        ) : (
          <Alert variant="danger" title="Could not load your orders">
            {errorMessage(orders.error)}
          </Alert>
        )
      ) : orders.data.items.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No orders yet"
          description="When you buy something in the shop, it appears here."
          action={
            <Button asChild>
              <Link to="/shop">Visit the shop</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {orders.data.items.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="flex min-w-0 flex-col">
                  <Link
                    to={`/account/orders/${order.id}`}
                    className="font-medium text-accent hover:underline"
                  >
                    {order.name}
                  </Link>
                  <code className="text-xs text-fg-muted [overflow-wrap:anywhere]">{order.trxref}</code>
                </span>
                <span className="text-sm text-fg-muted">
                  {formatDate(order.createdAt)} · {order.item_count}{' '}
                  {order.item_count === 1 ? 'item' : 'items'}
                </span>
                <span className="font-semibold">{formatMoney(order.total, order.currency)}</span>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
          {orders.data.total > orders.data.pageSize ? (
            <nav aria-label="Pages" className="mt-3 flex gap-2">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setParams({ page: String(page - 1) })}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                disabled={page * orders.data.pageSize >= orders.data.total}
                onClick={() => setParams({ page: String(page + 1) })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </>
  )
}

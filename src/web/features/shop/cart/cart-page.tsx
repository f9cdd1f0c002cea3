import { ShoppingBag } from 'lucide-react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/data-table/data-table-states'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { CartLineItem } from './cart-line-item'
import { useCart } from './cart-store'
import { CartSummary } from './cart-summary'
import { useCartCheckout } from './use-cart-checkout'
import { useDiscountCode } from './use-discount-code'
import { usePricedCart } from './use-priced-cart'

/**
 * /cart: what the visitor chose (kept in this browser), priced afresh by the server. Products no
 * longer for sale are taken out with a message. Visitors buy with an e-mail address and the card
 * (docs/decisions/0140); signed-in buyers check out as themselves.
 */
export function CartPage() {
  const cart = useCart()
  const { prices, removed, rows, currency, total } = usePricedCart(cart)
  const discount = useDiscountCode(cart.lines)
  const checkout = useCartCheckout(cart.lines, discount.applied)

  return (
    <>
      <PageTitle title="Cart" />
      <PageHeader title="Your cart" description="Prices are checked again when you pay." />
      {removed > 0 && (
        <Alert variant="warning" className="mb-6" title="Some products are no longer for sale">
          {removed === 1
            ? 'One product in your cart was taken off sale, so we removed it.'
            : `${removed} products in your cart were taken off sale, so we removed them.`}
        </Alert>
      )}
      {cart.lines.length === 0 ? (
        <EmptyState
          icon={ShoppingBag}
          title="Your cart is empty"
          description="Find something you like in the shop."
          action={
            <Button asChild>
              <Link to="/shop">Browse the shop</Link>
            </Button>
          }
        />
      ) : prices.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your cart…
          </span>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : prices.isError ? (
        <LoadFailed
          label="Your cart"
          error={prices.error}
          onRetry={() => prices.refetch()}
          retrying={prices.isFetching}
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ul
            className="flex flex-col self-start divide-y divide-border rounded-lg border border-border bg-surface"
            aria-label="Products in your cart"
          >
            {rows.map(({ line, product }) => (
              <CartLineItem
                key={product.id}
                line={line}
                product={product}
                onRemove={() => cart.remove([product.id])}
              />
            ))}
          </ul>
          <CartSummary
            checkout={checkout}
            currency={currency}
            total={total}
            canCheckOut={rows.length > 0}
            discount={discount}
            lines={cart.lines}
          />
        </div>
      )}
    </>
  )
}

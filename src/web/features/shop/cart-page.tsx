import { ImageOff, LogIn, ShoppingBag, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { signInLink } from '../../components/auth/sign-in-link'
import { LoadFailed } from '../../components/data-table/data-table-states'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { useSession } from '../accounts/session'
import { useCart } from './cart-store'
import { startCheckout } from './checkout/start-checkout'
import { Price } from './price'
import { useCartPrices } from './shop-api'

/**
 * /cart: what the visitor chose (kept in this browser), priced afresh by the server. Products no
 * longer for sale are taken out with a message. Checking out needs an account: visitors sign in and
 * come back here.
 */
export function CartPage() {
  const cart = useCart()
  const ids = cart.lines.map((l) => l.product_id)
  const prices = useCartPrices(ids)
  const session = useSession()
  const [removed, setRemoved] = useState(0)
  const [checkoutError, setCheckoutError] = useState<string>()
  const [checkingOut, setCheckingOut] = useState(false)

  // Once the server has answered for exactly these ids, drop what it no longer sells.
  const data = prices.data
  useEffect(() => {
    if (!data || prices.isPlaceholderData) return
    const forSale = new Set(data.items.map((p) => p.id))
    const gone = cart.lines.filter((l) => !forSale.has(l.product_id)).map((l) => l.product_id)
    if (gone.length > 0) {
      cart.remove(gone)
      setRemoved((n) => n + gone.length)
    }
  }, [data, prices.isPlaceholderData, cart])

  const products = new Map((data?.items ?? []).map((p) => [p.id, p]))
  const rows = cart.lines.flatMap((line) => {
    const product = products.get(line.product_id)
    return product ? [{ line, product }] : []
  })
  const currency = rows[0]?.product.currency
  const total = rows.reduce((sum, r) => sum + r.product.price * r.line.quantity, 0)

  const checkout = async () => {
    setCheckoutError(undefined)
    setCheckingOut(true)
    try {
      await startCheckout(cart.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })))
    } catch (error) {
      setCheckoutError(error instanceof Error ? error.message : 'Checkout could not start.')
    } finally {
      setCheckingOut(false)
    }
  }

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
              <li key={product.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="size-16 shrink-0 overflow-hidden rounded-md bg-surface-muted">
                  {product.cover_photo ? (
                    <img src={product.cover_photo.small} alt="" className="size-full object-cover" />
                  ) : (
                    <div className="flex size-full items-center justify-center text-fg-muted">
                      <ImageOff aria-hidden="true" className="size-5" />
                    </div>
                  )}
                </div>
                <div className="flex min-w-40 flex-1 flex-col">
                  <Link
                    to={`/shop/${encodeURIComponent(product.slug)}`}
                    className="font-medium text-fg hover:underline"
                  >
                    {product.name}
                  </Link>
                  <Price
                    amount={product.price}
                    currency={product.currency}
                    className="text-sm text-fg-muted"
                  />
                </div>
                {/* A digital product is bought once: no quantity to choose. */}
                <Price
                  amount={product.price * line.quantity}
                  currency={product.currency}
                  className="w-28 text-right font-medium text-fg"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => cart.remove([product.id])}
                  aria-label={`Remove ${product.name}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <aside
            aria-label="Order summary"
            className="flex h-fit flex-col gap-4 rounded-lg border border-border bg-surface p-4"
          >
            <div className="flex items-baseline justify-between">
              <span className="text-fg-muted">Total</span>
              {currency && (
                <Price amount={total} currency={currency} className="text-xl font-semibold text-fg" />
              )}
            </div>
            {checkoutError && (
              <Alert variant="danger" title="Checkout did not start">
                {checkoutError}
              </Alert>
            )}
            {session.status === 'authenticated' ? (
              <Button onClick={checkout} loading={checkingOut} disabled={rows.length === 0}>
                Checkout
              </Button>
            ) : (
              <>
                <Button asChild>
                  <Link to={signInLink('/cart')}>
                    <LogIn aria-hidden="true" />
                    Sign in to check out
                  </Link>
                </Button>
                <p className="text-sm text-fg-muted">
                  Your cart is kept in this browser while you sign in or{' '}
                  <Link to="/sign-up?callbackUrl=%2Fcart" className="underline underline-offset-2">
                    create an account
                  </Link>
                  .
                </p>
              </>
            )}
          </aside>
        </div>
      )}
    </>
  )
}

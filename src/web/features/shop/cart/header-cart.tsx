import { ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useCart } from './cart-store'

// The header's cart link: always there, on phone and desktop, so a visitor can
// get back to the cart from any page. The count is the number of items (quantities summed), read from
// the same localStorage cart the cart page uses, so it follows adds, removals and other tabs.

export function cartLinkLabel(count: number): string {
  if (count === 0) return 'Cart, empty'
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`
}

/** The link itself, given the count (rendered on its own by tests). */
export function CartLink({ count }: { count: number }) {
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/cart" aria-label={cartLinkLabel(count)} title={cartLinkLabel(count)}>
        <ShoppingCart aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-semibold leading-5 text-accent-fg"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </Button>
  )
}

export function HeaderCart() {
  const { count } = useCart()
  return <CartLink count={count} />
}

import { Pencil, ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import type { ProductDetail } from '../../../../shared/contract/shop/products'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { useCart } from '../cart/cart-store'

/** The product page's actions: "Add to cart", how many are in the cart already, and staff's "Edit". */
export function ProductActions({ product: p }: { product: ProductDetail }) {
  const cart = useCart()
  const inCart = cart.lines.find((l) => l.product_id === p.id)?.quantity ?? 0
  return (
    <div className="flex flex-wrap items-center gap-3">
      {p.abilities.buy && (
        <Button
          onClick={() => {
            cart.add(p.id)
            toast.success('Added to your cart', p.name)
          }}
        >
          <ShoppingCart aria-hidden="true" />
          Add to cart
        </Button>
      )}
      {inCart > 0 && (
        <Link to="/cart" className="text-sm font-medium text-accent-soft-fg underline underline-offset-2">
          {inCart === 1 ? 'In your cart' : `${inCart} in your cart`}: view cart
        </Link>
      )}
      {p.abilities.edit && (
        <Button variant="secondary" asChild>
          <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
      )}
    </div>
  )
}

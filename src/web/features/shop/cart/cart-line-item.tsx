import { ImageOff, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { CartLookup } from '../../../../shared/contract/shop/products'
import { Button } from '../../../components/ui/button'
import { Price } from '../price'
import type { CartLine } from './cart-store'

/** One product in the cart: its cover, name and price, the line's amount, and a way to remove it. */
export function CartLineItem({
  line,
  product,
  onRemove,
}: {
  line: CartLine
  product: CartLookup['items'][number]
  onRemove: () => void
}) {
  return (
    <li className="flex flex-wrap items-center gap-4 p-4">
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
        <Price amount={product.price} currency={product.currency} className="text-sm text-fg-muted" />
      </div>
      {/* A digital product is bought once: no quantity to choose. */}
      <Price
        amount={product.price * line.quantity}
        currency={product.currency}
        className="w-28 text-right font-medium text-fg"
      />
      <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${product.name}`}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  )
}

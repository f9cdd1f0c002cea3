import { ImageOff } from 'lucide-react'
import { Link } from 'react-router'
import type { CatalogueItem } from '../../../../shared/contract/shop/products'
import { Badge } from '../../../components/ui/badge'
import { Price } from '../price'

/** One product in the shop grid: its cover, type, name and price; the whole card opens the product. */
/** `first`: the grid's first cards, on a phone's first screen: their covers load at once (the LCP). */
/** `headingLevel`: 3 where the cards sit under a section's own heading (the home page's featured). */
/**
 * A card off the screen is not laid out or painted until it comes near (content-visibility: auto,
 * with a card's height kept in its place meanwhile): a phone's first paint lays out the first rows
 * of the grid, not all of it. It stays in the page for find-in-page, links and screen readers.
 */
export function ProductCard({
  product,
  first = false,
  headingLevel = 2,
}: {
  product: CatalogueItem
  first?: boolean
  headingLevel?: 2 | 3
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-sm [content-visibility:auto] [contain-intrinsic-block-size:auto_16rem] focus-within:ring-2 focus-within:ring-ring">
      <div className="aspect-[4/3] bg-surface-muted">
        {product.cover_photo ? (
          <img
            src={product.cover_photo.small}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
            width={400}
            height={300}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-fg-muted">
            <ImageOff aria-hidden="true" className="size-8" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Badge className="self-start">{product.type}</Badge>
        <Heading className="text-base font-semibold text-fg">
          <Link
            to={`/shop/${encodeURIComponent(product.slug)}`}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {product.name}
          </Link>
        </Heading>
        <Price amount={product.price} currency={product.currency} className="mt-auto font-medium text-fg" />
      </div>
    </li>
  )
}

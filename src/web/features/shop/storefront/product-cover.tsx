import { ImageOff } from 'lucide-react'
import { PRODUCT_COVER_SIZES, productCoverSrcSet } from '../../../../shared/contract/shop/product-cover-sizes'
import type { ProductDetail } from '../../../../shared/contract/shop/products'

/** The product page's large cover, or a marked empty box when the product has none. */
export function ProductCover({ product: p }: { product: ProductDetail }) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface-muted">
      {p.cover_photo ? (
        <img
          src={p.cover_photo.large}
          srcSet={productCoverSrcSet(p.cover_photo)}
          sizes={PRODUCT_COVER_SIZES}
          alt={`Cover of ${p.name}`}
          // The 4:3 box is held before the picture arrives, so the text beside or under it stays put.
          width={1200}
          height={900}
          fetchPriority="high"
          className="aspect-[4/3] size-full object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center text-fg-muted">
          <ImageOff aria-hidden="true" className="size-10" />
          <span className="sr-only">No cover picture</span>
        </div>
      )}
    </div>
  )
}

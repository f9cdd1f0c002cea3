import { ArrowLeft, ImageOff, Pencil, SearchX, ShoppingCart } from 'lucide-react'
import { Link, Navigate, useParams } from 'react-router'
import { PRODUCT_COVER_SIZES, productCoverSrcSet } from '../../../shared/contract/product-cover-sizes'
import { PageTitle } from '../../components/layout/page-title'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { toast } from '../../components/ui/toast-store'
import { useCart } from './cart-store'
import { MarkdownView } from './markdown-view'
import { Price } from './price'
import { ProductLoadProblem } from './product-load-problem'
import { useProduct } from './shop-api'

/** /shop/:slug: one product with its large cover, price and description, and "Add to cart". */
export function ProductPage() {
  const { id } = useParams()
  const product = useProduct(id)
  const cart = useCart()

  if (product.isPending) return <ProductSkeleton />
  if (product.isError) {
    return (
      <ProductLoadProblem
        product={product}
        notFound={
          <>
            <PageTitle title="Product not found" />
            <EmptyState
              icon={SearchX}
              headingLevel="h1"
              title="This product is not in the shop"
              description="It may have been taken off sale. Have a look at what else we have."
              action={
                <Button asChild>
                  <Link to="/shop">Browse the shop</Link>
                </Button>
              }
            />
          </>
        }
      />
    )
  }

  const p = product.data
  // An old link by id (or a slug in other letters) moves to the product's own address.
  if (id !== p.slug) return <Navigate to={`/shop/${encodeURIComponent(p.slug)}`} replace />
  const inCart = cart.lines.find((l) => l.product_id === p.id)?.quantity ?? 0
  return (
    <>
      <PageTitle title={p.name} />
      <Link to="/shop" className="mb-6 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the shop
      </Link>
      <article className="grid gap-8 md:grid-cols-2">
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
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Badge>{p.type}</Badge>
            {p.management && !p.isPublished && <Badge variant="warning">Draft: not in the shop</Badge>}
            {p.management?.deletedAt && <Badge variant="danger">Deleted: kept for its orders</Badge>}
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">{p.name}</h1>
          <Price amount={p.price} currency={p.currency} className="text-2xl font-semibold text-fg" />
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
              <Link
                to="/cart"
                className="text-sm font-medium text-accent-soft-fg underline underline-offset-2"
              >
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
          {p.description.trim() !== '' && (
            <section aria-label="Description" className="border-t border-border pt-4">
              <MarkdownView source={p.description} />
            </section>
          )}
        </div>
      </article>
    </>
  )
}

function ProductSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading the product…
      </span>
      {/* The back link's line, then the page's grid: the product draws where its skeleton stood. */}
      <Skeleton className="mb-6 h-5 w-32" />
      <div className="grid gap-8 md:grid-cols-2">
        <Skeleton className="aspect-[4/3] w-full" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-7 w-32" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    </div>
  )
}

import { ArrowLeft, SearchX } from 'lucide-react'
import { Link, Navigate, useParams } from 'react-router'
import { PageTitle } from '../../../components/layout/page-title'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { MarkdownView } from '../markdown-view'
import { Price } from '../price'
import { ProductLoadProblem } from '../product-load-problem'
import { useProduct } from '../shop-api'
import { ProductActions } from './product-actions'
import { ProductCover } from './product-cover'

/** /shop/:slug: one product with its large cover, price and description, and "Add to cart". */
export function ProductPage() {
  const { id } = useParams()
  const product = useProduct(id)

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
  return (
    <>
      <PageTitle title={p.name} />
      <Link to="/shop" className="mb-6 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the shop
      </Link>
      <article className="grid gap-8 md:grid-cols-2">
        <ProductCover product={p} />
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Badge>{p.type}</Badge>
            {p.management && !p.isPublished && <Badge variant="warning">Draft: not in the shop</Badge>}
            {p.management?.deletedAt && <Badge variant="danger">Deleted: kept for its orders</Badge>}
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">{p.name}</h1>
          <Price amount={p.price} currency={p.currency} className="text-2xl font-semibold text-fg" />
          <ProductActions product={p} />
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

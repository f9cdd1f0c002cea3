import { ChevronLeft, ChevronRight, ShoppingBag, ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import { LoadFailed, NoMatches, PastTheEnd } from '../../components/data-table/data-table-states'
import { useTableState } from '../../components/data-table/use-table-state'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { cn } from '../../lib/cn'
import { useCart } from './cart-store'
import { ProductCard } from './product-card'
import { useCatalogue } from './shop-api'
import { ShopFilters } from './shop-filters'
import { SHOP_GRID } from './shop-state'

/** /shop: the catalogue as a grid of covers, with search, a type filter, sorting and pages in the URL. */
export function ShopPage() {
  const state = useTableState(SHOP_GRID)
  const result = useCatalogue(state.query)
  const cart = useCart()
  const data = result.data

  return (
    <>
      <PageTitle title="Shop" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Shop"
          description="E-books, templates and courses. Pay securely and download at once."
        />
        {/* Phones have the header's cart; a second one here would only crowd the title. (max-sm:hidden,
            since the button's own inline-flex would outrank a plain `hidden`.) */}
        <Button variant="secondary" className="max-sm:hidden" asChild>
          <Link to="/cart">
            <ShoppingCart aria-hidden="true" />
            Cart{cart.count > 0 ? ` (${cart.count})` : ''}
          </Link>
        </Button>
      </div>

      <ShopFilters state={state} />

      {result.isPending ? (
        <GridSkeleton />
      ) : result.isError && !data ? (
        <LoadFailed
          label="Products"
          error={result.error}
          onRetry={() => result.refetch()}
          retrying={result.isFetching}
          onClearFilters={state.filtered ? state.clearFilters : undefined}
        />
      ) : data && data.total === 0 ? (
        state.filtered ? (
          <NoMatches onClearFilters={state.clearFilters} />
        ) : (
          <EmptyState
            icon={ShoppingBag}
            title="Nothing for sale yet"
            description="New e-books, templates and courses will appear here. Please come back soon."
          />
        )
      ) : data && data.items.length === 0 ? (
        <PastTheEnd total={data.total} onFirstPage={() => state.update({ page: 1 })} />
      ) : data ? (
        <section aria-label="Products" aria-busy={result.isPlaceholderData}>
          <p className="sr-only" aria-live="polite">
            {data.total === 1 ? '1 product' : `${data.total} products`}
          </p>
          <ul
            className={cn(
              'grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4',
              result.isPlaceholderData && 'opacity-60',
            )}
          >
            {data.items.map((product, index) => (
              <ProductCard key={product.id} product={product} first={index < 2} />
            ))}
          </ul>
          <div className="mt-6">
            <ShopPager
              page={data.page}
              totalPages={data.totalPages}
              onPageChange={(page) => state.update({ page })}
            />
          </div>
        </section>
      ) : null}
    </>
  )
}

function GridSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label="Loading products">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-2/3" />
        </li>
      ))}
    </ul>
  )
}

/** A storefront's plain pages: previous, where you are, next (no table controls). */
function ShopPager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label="Pages of products" className="flex items-center justify-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-fg-muted" aria-current="page">
        Page {page} of {totalPages}
      </span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}

import { ChevronLeft, ChevronRight, ShoppingBag, ShoppingCart } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DEFAULT_SHOP_HEADING } from '../../../../shared/site-words'
import { LoadFailed, NoMatches, PastTheEnd } from '../../../components/data-table/data-table-states'
import { useTableState } from '../../../components/data-table/use-table-state'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { updateTableParams } from '../../../lib/url-state'
import { useSiteWords } from '../../site/site-api'
import { useCart } from '../cart/cart-store'
import { useCatalogue } from '../shop-api'
import { ProductCard } from './product-card'
import { ShopFilters } from './shop-filters'
import { SHOP_GRID } from './shop-state'

/** /shop: the catalogue as a grid of covers, with search, a type filter, sorting and pages in the URL. */
export function ShopPage() {
  const state = useTableState(SHOP_GRID)
  const [params] = useSearchParams()
  const result = useCatalogue(state.query)
  const cart = useCart()
  const data = result.data
  // The owner's heading and tagline (decision 0141); the default heading while they load, no tagline.
  const words = useSiteWords().data
  const heading = words?.shopHeading ?? DEFAULT_SHOP_HEADING

  return (
    <>
      <PageTitle title={heading} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={heading} description={words?.shopTagline} />
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
              pageHref={(page) => `?${updateTableParams(params, SHOP_GRID, { page })}`}
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

/**
 * A storefront's plain pages: previous, where you are, next (no table controls). Links, so they work
 * before the page's script runs, or without it; the scroll position stays, as for the grid's controls.
 */
function ShopPager({
  page,
  totalPages,
  pageHref,
}: {
  page: number
  totalPages: number
  pageHref: (page: number) => string
}) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label="Pages of products" className="flex items-center justify-center gap-4">
      <PagerLink to={page > 1 ? pageHref(page - 1) : undefined}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </PagerLink>
      <span className="text-sm text-fg-muted" aria-current="page">
        Page {page} of {totalPages}
      </span>
      <PagerLink to={page < totalPages ? pageHref(page + 1) : undefined}>
        Next
        <ChevronRight aria-hidden="true" />
      </PagerLink>
    </nav>
  )
}

/** A pager link, or the same label as a disabled button where there is no page to go to. */
function PagerLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  if (to === undefined) {
    return (
      <Button variant="secondary" disabled>
        {children}
      </Button>
    )
  }
  return (
    <Button variant="secondary" asChild>
      <Link to={to} preventScrollReset>
        {children}
      </Link>
    </Button>
  )
}

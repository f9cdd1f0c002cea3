import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import type { HomeCard } from '../../../shared/contract/site'
import { AREAS } from '../../components/layout/nav-items'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { HomeAccountAction } from '../accounts/home-account-action'
import { MarkdownView } from '../shop/markdown-view'
import { useFeaturedProducts } from '../shop/storefront/featured-api'
import { ProductCard } from '../shop/storefront/product-card'
import { useSiteIdentity, useSiteWords } from '../site/site-api'

// The home page: the business's headline and the owner's intro, the products they feature, and their
// cards (or, until they write their own, the site's areas). Rendered on the server with its words
// and products (decision 0110), so it reads the same without its script.

export function HomePage() {
  const site = useSiteIdentity().data
  const words = useSiteWords()
  return (
    <>
      <PageTitle />
      <section className="flex flex-col gap-5 py-6 sm:py-10">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
          {site?.description || 'Our shop, shared folders and contact desk, in one place.'}
        </h1>
        {words.data ? (
          <MarkdownView source={words.data.homeIntro} className="max-w-2xl text-lg" />
        ) : words.isPending ? (
          <Skeleton className="h-14 max-w-2xl" />
        ) : null}
        <div className="mt-2 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/shop">
              Browse the shop
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <HomeAccountAction />
        </div>
      </section>
      <FeaturedProducts />
      {words.data?.homeCards ? (
        <OwnerCards cards={words.data.homeCards} />
      ) : words.isPending ? null : (
        <AreaCards />
      )}
    </>
  )
}

function FeaturedProducts() {
  const items = useFeaturedProducts().data?.items ?? []
  if (items.length === 0) return null
  return (
    <section aria-labelledby="featured-heading" className="mt-6">
      <h2 id="featured-heading" className="mb-4 text-xl font-semibold text-fg">
        Featured products
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {items.map((product, index) => (
          <ProductCard key={product.id} product={product} first={index < 2} headingLevel={3} />
        ))}
      </ul>
    </section>
  )
}

/** The owner's own cards: a title and a few lines of Markdown each (none: no section at all). */
function OwnerCards({ cards }: { cards: readonly HomeCard[] }) {
  if (cards.length === 0) return null
  return (
    <section aria-label="About us" className="mt-10">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the owner's cards are known by their place
            key={index}
            className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-sm"
          >
            <h2 className="text-lg font-semibold text-fg">{card.title}</h2>
            {card.body && <MarkdownView source={card.body} className="text-sm" />}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The standard cards: the site's areas, each card a link to its area. */
function AreaCards() {
  return (
    <section aria-labelledby="areas-heading" className="mt-10">
      <h2 id="areas-heading" className="mb-4 text-xl font-semibold text-fg">
        What you can do here
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {AREAS.map(({ to, label, icon: Icon, summary }) => (
          // The whole card is clickable through the link's stretched ::after; the card shows its focus.
          <li
            key={to}
            className="relative flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-sm transition-colors hover:border-accent has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
          >
            <span className="flex size-10 items-center justify-center rounded-md bg-accent-soft text-accent-soft-fg">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="text-lg font-semibold text-fg">
              <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
                {label}
              </Link>
            </h3>
            <p className="text-sm text-fg-muted">{summary}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

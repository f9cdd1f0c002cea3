import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { AREAS } from '../../components/layout/nav-items'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { HomeAccountAction } from '../accounts/home-account-action'
import { useSiteIdentity } from '../site/site-api'

export function HomePage() {
  const site = useSiteIdentity().data
  return (
    <>
      <PageTitle />
      <section className="flex flex-col gap-5 py-6 sm:py-10">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
          {site?.description || 'Our shop, shared folders and contact desk, in one place.'}
        </h1>
        <p className="max-w-2xl text-lg text-fg-muted">
          {site?.name ?? 'This'} is our own home on the web: buy and download our digital products, exchange
          files with us in private shared folders, and reach us for a quote or a question.
        </p>
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
    </>
  )
}

import { Link } from 'react-router'
import { useSiteIdentity } from '../features/site/site-api'
import { BrandMark } from './brand-mark'

/**
 * The header's home link: the uploaded logo (or the built-in mark) and the business's name. On wider
 * screens it holds a fixed width, so the navigation after it stays put when the name and logo arrive;
 * until the name is known, its accessible name is "Home".
 */
export function SiteBrand() {
  const site = useSiteIdentity().data
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 rounded-md md:w-48 md:shrink-0 text-lg font-bold tracking-tight text-fg"
      data-testid="site-brand"
    >
      {site?.logoUrl ? (
        <img src={site.logoUrl} alt="" className="h-8 max-w-24 shrink-0 object-contain" />
      ) : (
        <BrandMark className="size-8 shrink-0" />
      )}
      {site?.name ? (
        <span className="truncate">{site.name}</span>
      ) : (
        // Until the business's name arrives the link still says where it goes.
        <span className="sr-only">Home</span>
      )}
    </Link>
  )
}

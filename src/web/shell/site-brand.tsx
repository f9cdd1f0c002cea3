import { Link } from 'react-router'
import { useSiteIdentity } from '../features/site/site-api'
import { BrandMark } from './brand-mark'

/**
 * The header's home link: the uploaded logo (or the built-in mark) and the business's name. On wider
 * screens it holds a fixed width, so the navigation after it stays put when the name and logo arrive;
 * until the name is known, its accessible name is "Home". A long name wraps (smaller on a phone)
 * rather than being cut off: it is the business's name.
 */
export function SiteBrand() {
  const site = useSiteIdentity().data
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 rounded-md md:w-48 md:shrink-0 text-base font-bold leading-tight tracking-tight text-fg sm:text-lg"
      data-testid="site-brand"
    >
      {site?.logoUrl ? (
        <img src={site.logoUrl} alt="" className="h-8 max-w-16 shrink-0 object-contain sm:max-w-24" />
      ) : (
        <BrandMark className="size-8 shrink-0" />
      )}
      {site?.name ? (
        <span className="min-w-0 break-words [overflow-wrap:anywhere]">{site.name}</span>
      ) : (
        // Until the business's name arrives the link still says where it goes.
        <span className="sr-only">Home</span>
      )}
    </Link>
  )
}

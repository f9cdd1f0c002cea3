import { Link } from 'react-router'
import { AREAS } from '../components/layout/nav-items'
import { useSiteIdentity } from '../features/site/site-api'

export function SiteFooter() {
  const site = useSiteIdentity().data
  const name = site?.name ?? ''
  const addressLines = site?.address ? site.address.split('\n') : []
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-fg" data-testid="footer-name">
            {name}
          </p>
          {(addressLines.length > 0 || site?.supportEmail) && (
            <address className="text-sm text-fg-muted not-italic" data-testid="footer-address">
              {addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {site?.supportEmail && (
                <a
                  href={`mailto:${site.supportEmail}`}
                  className="mt-1 block break-all hover:text-fg hover:underline"
                >
                  {site.supportEmail}
                </a>
              )}
            </address>
          )}
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {AREAS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="rounded-sm text-fg-muted hover:text-fg hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-fg-muted sm:px-6">
        © {new Date().getFullYear()} {name}
      </p>
    </footer>
  )
}

import { Link } from 'react-router'
import { AREAS } from './nav-items'
import { SITE } from './site-info'

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-fg">{SITE.name}</p>
          <address className="text-sm text-fg-muted not-italic">
            {SITE.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
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
        © {new Date().getFullYear()} {SITE.name}
      </p>
    </footer>
  )
}

import { ChevronDown } from 'lucide-react'
import { NavLink, useLocation } from 'react-router'
import { cn } from '../../lib/cn'
import { type AccountLink, accountLinks } from '../accounts/account-links'
import { useSession } from '../accounts/sessions/session'

// The staff pages' own navigation: every staff and admin page the signed-in user may open (the same
// list as the account menu, accountLinks, without the personal pages). A sidebar on wide screens, a
// disclosure menu above the page on phones. The server still decides on every request.

export function staffLinks(links: readonly AccountLink[]): AccountLink[] {
  return links.filter((l) => l.to.startsWith('/staff/') || l.to.startsWith('/admin/'))
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-surface-muted hover:text-fg',
    'focus-visible:outline-2 focus-visible:outline-ring',
    isActive ? 'bg-surface-muted font-semibold text-fg' : 'text-fg-muted',
  )

function Links({ links }: { links: readonly AccountLink[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} className={linkClasses}>
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

/** Undefined when the user has no staff pages (then the page stands alone). */
export function useStaffLinks(): AccountLink[] | undefined {
  const session = useSession()
  if (session.status !== 'authenticated') return undefined
  const links = staffLinks(accountLinks(session.user))
  return links.length > 0 ? links : undefined
}

export function StaffSidebar({ links }: { links: readonly AccountLink[] }) {
  return (
    <nav aria-label="Staff pages" className="sticky top-20 hidden self-start lg:block">
      <Links links={links} />
    </nav>
  )
}

/** Phones and tablets: the same links behind a "Staff pages" button, closed after each navigation. */
export function StaffMenu({ links }: { links: readonly AccountLink[] }) {
  const { pathname } = useLocation()
  const current = links.find((l) => pathname === l.to || pathname.startsWith(`${l.to}/`))
  return (
    <nav aria-label="Staff pages" className="lg:hidden">
      {/* Keyed by the path, so the menu closes when a link inside it is followed. */}
      <details key={pathname} className="group rounded-lg border border-border bg-surface">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-medium text-fg [&::-webkit-details-marker]:hidden">
          <span>Staff pages{current ? <span className="text-fg-muted"> · {current.label}</span> : null}</span>
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-border p-2">
          <Links links={links} />
        </div>
      </details>
    </nav>
  )
}

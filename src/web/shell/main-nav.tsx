import { NavLink } from 'react-router'
import { AREAS } from '../components/layout/nav-items'
import { AccountNavItem } from '../features/accounts/account-nav'
import { cn } from '../lib/cn'

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
  )

/** The header's navigation on wider screens (phones get MobileNav instead). */
export function MainNav() {
  return (
    <nav aria-label="Main" className="hidden flex-1 md:block">
      <ul className="flex items-center gap-1">
        {AREAS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li className="ml-auto">
          <AccountNavItem />
        </li>
      </ul>
    </nav>
  )
}

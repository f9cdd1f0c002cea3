import { NavLink } from 'react-router'
import { cn } from '../../lib/cn'
import { buttonClasses } from '../ui/button'
import { AREAS, SIGN_IN_PATH } from './nav-items'

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
          <NavLink to={SIGN_IN_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Sign in
          </NavLink>
        </li>
      </ul>
    </nav>
  )
}

import { NavLink } from 'react-router'
import { cn } from '../../lib/cn'
import { EBOOK_PATH, TRIAGE_KINDS } from './triage-tables'

const TABS = [
  { to: TRIAGE_KINDS.quote.path, label: 'Quote requests' },
  { to: TRIAGE_KINDS.contact.path, label: 'Contact messages' },
  { to: EBOOK_PATH, label: 'E-book list' },
]

/** Links between the three triage tables (links, not tabs: each table is its own page and URL). */
export function InboxTabs() {
  return (
    <nav aria-label="Inbox" className="-mt-4 mb-6 border-b border-border">
      <ul className="flex flex-wrap gap-1">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  isActive ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

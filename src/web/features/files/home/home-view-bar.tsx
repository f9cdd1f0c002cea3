import { FolderPlus, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { HomeView } from '../../../../shared/contract/files'
import { Button, buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { TRASH_PATH } from '../paths'
import type { HomeTab } from './home-views'

/** The home's view tabs, with New folder and the way to the trash beside them. */
export function HomeViewBar({
  tabs,
  view,
  onNewFolder,
}: {
  tabs: readonly HomeTab[]
  view: HomeView
  onNewFolder: () => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <nav aria-label="Folder views">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((t) => (
            <li key={t.view}>
              <Link
                to={`?view=${t.view}`}
                aria-current={t.view === view ? 'page' : undefined}
                className={cn(buttonClasses({ variant: t.view === view ? 'primary' : 'ghost', size: 'sm' }))}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onNewFolder}>
          <FolderPlus aria-hidden="true" /> New folder
        </Button>
        <Link to={TRASH_PATH} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <Trash2 aria-hidden="true" /> Trash
        </Link>
      </div>
    </div>
  )
}

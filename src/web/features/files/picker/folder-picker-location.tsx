import { ChevronRight } from 'lucide-react'
import type { HomeView } from '../../../../shared/contract/files'
import type { Crumb } from '../../../../shared/contract/files-responses'
import { Button } from '../../../components/ui/button'

// Where the folder picker stands: which home view it starts from, and the folders opened below it.

const ROOTS: { view: HomeView; label: string }[] = [
  { view: 'mine', label: 'My folders' },
  { view: 'shared', label: 'Shared with me' },
  { view: 'public', label: 'Public' },
  { view: 'all', label: 'All folders' },
]

/** The home views to start from ("All folders" for super users only); the one shown is pressed. */
export function FolderPickerRoots({
  root,
  atRoot,
  superUser,
  onRoot,
}: {
  root: HomeView
  /** No folder is open: the home view itself is shown. */
  atRoot: boolean
  superUser: boolean
  onRoot: (view: HomeView) => void
}) {
  return (
    <div className="flex flex-wrap gap-1">
      {ROOTS.filter((r) => r.view !== 'all' || superUser).map((r) => (
        <Button
          key={r.view}
          size="sm"
          variant={atRoot && root === r.view ? 'primary' : 'secondary'}
          aria-pressed={atRoot && root === r.view}
          onClick={() => onRoot(r.view)}
        >
          {r.label}
        </Button>
      ))}
    </div>
  )
}

/** The path from the home view to the open folder, each step a button that goes back to it. */
export function FolderPickerTrail({
  root,
  trail,
  onTrail,
}: {
  root: HomeView
  trail: Crumb[]
  onTrail: (trail: Crumb[]) => void
}) {
  return (
    <nav aria-label="Picker location" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-fg-muted">
        <li>
          <button type="button" className="rounded hover:underline" onClick={() => onTrail([])}>
            {ROOTS.find((r) => r.view === root)?.label}
          </button>
        </li>
        {trail.map((c, i) => (
          <li key={c.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4" />
            <button
              type="button"
              className="rounded hover:underline"
              aria-current={i === trail.length - 1 ? 'location' : undefined}
              onClick={() => onTrail(trail.slice(0, i + 1))}
            >
              {c.folder_name}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}

import { ChevronRight, Lock } from 'lucide-react'
import { Link } from 'react-router'
import type { Crumb } from '../../../shared/contract/files-responses'
import { FILES_PATH, folderPath } from './paths'

/**
 * Where the folder is: Files › the visible ancestors › the folder (the last crumb, the current page).
 * The server sends only the ancestors the user may open (it stops below a folder they cannot), so
 * the trail may start part-way down.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const last = trail.length - 1
  return (
    <nav aria-label="Breadcrumbs" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-fg-muted">
        <li>
          <Link to={FILES_PATH} className="rounded hover:underline">
            Files
          </Link>
        </li>
        {trail.map((crumb, i) => (
          <li key={crumb.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4" />
            {i === last ? (
              <span aria-current="page" className="flex items-center gap-1 font-medium text-fg">
                {crumb.type === 'locked' && <Lock aria-label="Locked" className="size-3.5" />}
                {crumb.folder_name}
              </span>
            ) : (
              <Link to={folderPath(crumb.id)} className="rounded hover:underline">
                {crumb.folder_name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

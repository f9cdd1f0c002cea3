import { ChevronRight, Lock } from 'lucide-react'
import { Link } from 'react-router'
import type { Crumb } from '../../../../shared/contract/files-responses'
import { useFileAddresses } from '../file-addresses'

/**
 * Where the folder is: Files › the visible ancestors › the folder (the last crumb, the current page).
 * The server sends only the ancestors the user may open (it stops below a folder they cannot), so
 * the trail may start part-way down. A share link's page starts it at the shared folder.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const last = trail.length - 1
  const { root, folderPage } = useFileAddresses()
  return (
    <nav aria-label="Breadcrumbs" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-fg-muted">
        {root && (
          <li>
            <Link to={root.href} className="rounded hover:underline">
              {root.label}
            </Link>
          </li>
        )}
        {trail.map((crumb, i) => (
          <li key={crumb.id} className="flex items-center gap-1">
            {(root || i > 0) && <ChevronRight aria-hidden="true" className="size-4" />}
            {i === last ? (
              <span aria-current="page" className="flex items-center gap-1 font-medium text-fg">
                {crumb.type === 'locked' && <Lock aria-label="Locked" className="size-3.5" />}
                {crumb.folder_name}
              </span>
            ) : (
              <Link to={folderPage(crumb.id)} className="rounded hover:underline">
                {crumb.folder_name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

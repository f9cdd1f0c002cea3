import type { UseQueryResult } from '@tanstack/react-query'
import { Folder } from 'lucide-react'
import type { FolderItem } from '../../../../shared/contract/files-responses'
import { Alert } from '../../../components/ui/alert'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'

/** The folders the picker can open from where it stands, with the listing's loading, error and empty states. */
export function FolderPickerFolders({
  listing,
  folders,
  onOpen,
}: {
  listing: UseQueryResult<unknown>
  folders: FolderItem[]
  onOpen: (folder: FolderItem) => void
}) {
  return (
    <div className="min-h-40 rounded-md border border-border">
      {listing.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading folders" />
        </div>
      ) : listing.isError ? (
        <Alert variant="danger" title="Could not load the folders">
          {errorMessage(listing.error)}
        </Alert>
      ) : folders.length === 0 ? (
        <p className="p-4 text-sm text-fg-muted">No folders here.</p>
      ) : (
        <ul aria-label="Folders" className="max-h-72 overflow-y-auto">
          {folders.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-surface-muted"
                onClick={() => onOpen(f)}
              >
                <Folder aria-hidden="true" className="size-4 text-accent" />
                {f.folder_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

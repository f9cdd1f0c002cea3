import { useQuery } from '@tanstack/react-query'
import { FileText, X } from 'lucide-react'
import { useDeferredValue, useId, useState } from 'react'
import { type FileItem, fileDetailSchema } from '../../../../shared/contract/files-responses'
import type { FolderType } from '../../../../shared/enums'
import { FormField } from '../../../components/forms/field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { api } from '../../../lib/api'
import { ApiError, errorMessage } from '../../../lib/api-error'
import { formatBytes } from '../../../lib/format'
import { searchable, useSearch } from '../../files/files-api'

// The e-book file is chosen from the file manager (decision 0041): search files by name through its
// search API, show the chosen file's name through its file API. Only the id is saved; the server checks
// it again, and the e-book link streams that file.

export interface EbookFilePickerProps {
  /** The chosen file's id, or '' for none. */
  value: string
  onChange: (id: string) => void
  error?: string | undefined
}

export function EbookFilePicker({ value, onChange, error }: EbookFilePickerProps) {
  const [q, setQ] = useState('')
  const query = useDeferredValue(q.trim())
  // Only files in public folders: a customer's private files are never offered (decision 0073).
  const search = useSearch(query, 'public')
  const resultsId = useId()
  const files = search.data?.files ?? []

  return (
    <div className="flex flex-col gap-3">
      <ChosenFile id={value} onClear={() => onChange('')} />
      <FormField
        label={value ? 'Choose another file' : 'Find the e-book file'}
        error={error}
        hint="Search the public folders by file name (put the e-book in a public folder first). Visitors receive the chosen file; with none, the e-book link says it is not available yet."
      >
        <Input
          type="search"
          value={q}
          autoComplete="off"
          aria-controls={resultsId}
          placeholder="File name"
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches as you type already; it must not submit the whole settings form.
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
      </FormField>
      <div id={resultsId} aria-live="polite">
        {query === '' ? null : !searchable(query) ? (
          <p className="text-sm text-fg-muted">Type at least 3 characters of the file name.</p>
        ) : search.isPending ? (
          <Spinner label="Searching files" />
        ) : search.isError ? (
          <p className="text-sm text-danger">Could not search the files: {errorMessage(search.error)}</p>
        ) : files.length === 0 ? (
          <p className="text-sm text-fg-muted">No file in a public folder matches “{query}”.</p>
        ) : (
          <ul
            aria-label="Matching files"
            className="flex flex-col divide-y divide-border rounded-md border border-border"
          >
            {files.map((file: FileItem & { folderName?: string | null }) => (
              <li key={file.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                <FileText aria-hidden="true" className="size-4 text-fg-muted" />
                <span className="flex-1 truncate text-fg">
                  {file.filename}
                  {file.folderName ? <span className="ml-2 text-fg-muted">in {file.folderName}</span> : null}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Choose ${file.filename}`}
                  disabled={file.id === value}
                  onClick={() => {
                    onChange(file.id)
                    setQ('')
                  }}
                >
                  {file.id === value ? 'Chosen' : 'Choose'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

/** Whether every folder above the file is public: only then is it meant for everyone. */
export function inPublicFolders(breadcrumbs: readonly { type: FolderType }[]): boolean {
  return breadcrumbs.length > 0 && breadcrumbs.every((crumb) => crumb.type === 'public')
}

function ChosenFile({ id, onClear }: { id: string; onClear: () => void }) {
  const file = useQuery({
    queryKey: ['files', 'file', id],
    queryFn: ({ signal }) =>
      api.get(`/api/files/${encodeURIComponent(id)}`, { signal, schema: fileDetailSchema }),
    enabled: id !== '',
    retry: false,
  })
  if (!id) return <p className="text-sm text-fg-muted italic">No e-book file chosen.</p>
  const gone = file.error instanceof ApiError && (file.error.status === 404 || file.error.status === 403)
  return (
    <div className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm">
      <FileText aria-hidden="true" className="size-4 text-accent" />
      <span className="flex-1">
        <span className="block text-fg-muted">E-book file</span>
        {file.isPending ? (
          <Spinner label="Loading the chosen file" />
        ) : file.isError ? (
          <span className="text-danger">
            {gone ? 'The chosen file no longer exists or is in the trash.' : errorMessage(file.error)}
          </span>
        ) : (
          <>
            <span className="font-medium text-fg" data-testid="ebook-file-name">
              {file.data.file.filename}
              <span className="ml-2 font-normal text-fg-muted">{formatBytes(file.data.file.size)}</span>
            </span>
            {!inPublicFolders(file.data.breadcrumbs) && (
              <span className="mt-1 block rounded bg-warning-soft px-2 py-1 text-warning-soft-fg">
                This file is in a locked folder, perhaps someone’s private files. Choose a file from a public
                folder.
              </span>
            )}
          </>
        )}
      </span>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear
      </Button>
    </div>
  )
}

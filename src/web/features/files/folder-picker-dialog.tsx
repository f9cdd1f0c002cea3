import { useQuery } from '@tanstack/react-query'
import { ChevronRight, Folder } from 'lucide-react'
import { useState } from 'react'
import type { HomeView } from '../../../shared/contract/files'
import { type Crumb, type FolderItem, homeViewSchema } from '../../../shared/contract/files-responses'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { api, errorMessage } from '../../lib/api'
import { fetchFolderListing } from './files-api'

export interface FolderPickerDialogProps {
  title: string
  confirmLabel: string
  /** Folders that cannot be chosen (the items being moved: a folder never goes into itself). */
  excludeIds?: ReadonlySet<string>
  superUser: boolean
  onPick: (folder: { id: string; folder_name: string }) => void
  /** Offers "My folders (top level)" as a target (moving folders only: files always live in a folder). */
  onPickTop?: () => void
  onClose: () => void
}

export const TOP_LEVEL_LABEL = 'My folders (top level)'

const ROOTS: { view: HomeView; label: string }[] = [
  { view: 'mine', label: 'My folders' },
  { view: 'shared', label: 'Shared with me' },
  { view: 'public', label: 'Public' },
  { view: 'all', label: 'All folders' },
]

/**
 * Browse to a folder and choose it: starts at the home views, opens folders one level at a time.
 * Only folders the user may write to can be chosen (the server checks again).
 */
export function FolderPickerDialog({
  title,
  confirmLabel,
  excludeIds,
  superUser,
  onPick,
  onPickTop,
  onClose,
}: FolderPickerDialogProps) {
  const [root, setRoot] = useState<HomeView>('mine')
  const [trail, setTrail] = useState<Crumb[]>([])
  const current = trail.at(-1) ?? null
  const listing = useQuery({
    queryKey: ['files', 'picker', root, current?.id ?? null],
    queryFn: async ({ signal }) => {
      if (current) {
        const l = await fetchFolderListing(current.id, signal)
        return { folder: l.folder as FolderItem | null, folders: l.folders }
      }
      const home = await api.get('/api/folders', { signal, query: { view: root }, schema: homeViewSchema })
      return { folder: null, folders: home.folders }
    },
  })
  const folders = (listing.data?.folders ?? []).filter((f) => !excludeIds?.has(f.id))
  const canPick = !!listing.data?.folder?.abilities.write && !excludeIds?.has(current?.id ?? '')
  const atTop = !!onPickTop && !current && root === 'mine'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={
          onPickTop
            ? `Open a folder, then choose it, or choose ${TOP_LEVEL_LABEL} from My folders.`
            : 'Open a folder, then choose it.'
        }
      >
        <div className="flex flex-wrap gap-1">
          {ROOTS.filter((r) => r.view !== 'all' || superUser).map((r) => (
            <Button
              key={r.view}
              size="sm"
              variant={trail.length === 0 && root === r.view ? 'primary' : 'secondary'}
              aria-pressed={trail.length === 0 && root === r.view}
              onClick={() => {
                setRoot(r.view)
                setTrail([])
              }}
            >
              {r.label}
            </Button>
          ))}
        </div>
        <nav aria-label="Picker location" className="text-sm">
          <ol className="flex flex-wrap items-center gap-1 text-fg-muted">
            <li>
              <button type="button" className="rounded hover:underline" onClick={() => setTrail([])}>
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
                  onClick={() => setTrail(trail.slice(0, i + 1))}
                >
                  {c.folder_name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
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
                    onClick={() =>
                      setTrail([...trail, { id: f.id, folder_name: f.folder_name, type: f.type }])
                    }
                  >
                    <Folder aria-hidden="true" className="size-4 text-accent" />
                    {f.folder_name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {current && !canPick && listing.isSuccess && (
          <p className="text-sm text-fg-muted">You cannot add items to “{current.folder_name}”.</p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          {atTop ? (
            <Button onClick={() => onPickTop?.()}>{`${confirmLabel} ${TOP_LEVEL_LABEL}`}</Button>
          ) : (
            <Button disabled={!current || !canPick} onClick={() => current && onPick(current)}>
              {current ? `${confirmLabel} “${current.folder_name}”` : confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

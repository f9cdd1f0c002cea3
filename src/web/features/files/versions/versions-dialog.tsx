import { Download, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { FileVersion } from '../../../../shared/contract/file-versions'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { formatBytes } from '../../../lib/format'
import { useFilesMutation } from '../files-api'
import { useFileVersions, versionsApi } from './versions-api'

// "Versions…" of a file: its current content and the earlier ones, newest first, each to download,
// restore (editors) or delete for good (administrators), as the server's abilities say.

const when = (iso: string) => new Date(iso).toLocaleString()

export function VersionsDialog({
  fileId,
  name,
  onClose,
}: {
  fileId: string
  name: string
  onClose: () => void
}) {
  const versions = useFileVersions(fileId)
  const restore = useFilesMutation(versionsApi.restore)
  const remove = useFilesMutation(versionsApi.remove)
  const [deleting, setDeleting] = useState<FileVersion | null>(null)
  const data = versions.data
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Versions of “${name}”`}
        description={
          data
            ? `The newest ${data.kept} versions are kept; older ones are deleted after ${data.retentionDays} days.`
            : undefined
        }
        className="max-w-2xl"
      >
        {versions.isPending && <Skeleton className="h-24 w-full" />}
        {versions.isError && (
          <Alert
            variant="danger"
            title="The versions could not be loaded."
            action={
              <Button variant="secondary" size="sm" onClick={() => void versions.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(versions.error)}
          </Alert>
        )}
        {data && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              <span className="font-medium">Current</span> · {formatBytes(data.current.size)} · updated{' '}
              {when(data.current.updatedAt)}
              {data.current.createdBy ? ` by ${data.current.createdBy.name}` : ''}
            </p>
            {data.versions.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No earlier versions. Replacing the file keeps its current content here.
              </p>
            ) : (
              <ul aria-label="Earlier versions" className="flex flex-col divide-y rounded-md border">
                {data.versions.map((v) => (
                  <li key={v.id} className="flex flex-wrap items-center gap-2 p-2">
                    <div className="min-w-0 flex-1 text-sm">
                      <div>{when(v.createdAt)}</div>
                      <div className="text-muted-foreground">
                        {formatBytes(v.size)}
                        {v.createdBy ? ` · by ${v.createdBy.name}` : ''} · replaced {when(v.replacedAt)}
                      </div>
                    </div>
                    {data.abilities.download && (
                      <Button variant="ghost" size="sm" asChild>
                        <a
                          href={versionsApi.downloadUrl(fileId, v.id)}
                          download
                          aria-label={`Download the version of ${when(v.createdAt)}`}
                        >
                          <Download aria-hidden="true" /> Download
                        </a>
                      </Button>
                    )}
                    {data.abilities.restore && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={restore.isPending}
                        aria-label={`Restore the version of ${when(v.createdAt)}`}
                        onClick={() =>
                          restore.mutate(
                            { fileId, versionId: v.id },
                            {
                              onSuccess: () => toast({ title: `Restored “${name}”`, variant: 'success' }),
                              onError: (e) => toast({ title: errorMessage(e), variant: 'danger' }),
                            },
                          )
                        }
                      >
                        <RotateCcw aria-hidden="true" /> Restore
                      </Button>
                    )}
                    {data.abilities.delete && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete the version of ${when(v.createdAt)}`}
                        onClick={() => setDeleting(v)}
                      >
                        <Trash2 aria-hidden="true" /> Delete
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </DialogContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this version for good?"
        description="It cannot be restored afterwards."
        confirmLabel="Delete version"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { fileId, versionId: deleting.id },
            {
              onSuccess: () => toast({ title: 'Version deleted', variant: 'success' }),
              onError: (e) => toast({ title: errorMessage(e), variant: 'danger' }),
              onSettled: () => setDeleting(null),
            },
          )
        }
      />
    </Dialog>
  )
}

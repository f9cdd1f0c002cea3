import { useState } from 'react'
import type { FileVersion } from '../../../../shared/contract/file-versions'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api'
import { DeleteVersionConfirm } from './delete-version-confirm'
import { useFileVersions } from './versions-api'
import { VersionsList } from './versions-list'

// "Versions…" of a file: its current content and the earlier ones, newest first, each to download,
// restore (editors) or delete for good (administrators), as the server's abilities say.

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
        {data && <VersionsList fileId={fileId} name={name} data={data} onDelete={setDeleting} />}
      </DialogContent>
      <DeleteVersionConfirm fileId={fileId} version={deleting} onClose={() => setDeleting(null)} />
    </Dialog>
  )
}

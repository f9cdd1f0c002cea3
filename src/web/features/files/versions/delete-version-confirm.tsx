import type { FileVersion } from '../../../../shared/contract/file-versions'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { useFilesMutation } from '../files-api'
import { versionsApi } from './versions-api'

/** Asks before deleting a version for good, and deletes it; open while `version` is set. */
export function DeleteVersionConfirm({
  fileId,
  version,
  onClose,
}: {
  fileId: string
  version: FileVersion | null
  onClose: () => void
}) {
  const remove = useFilesMutation(versionsApi.remove)
  return (
    <ConfirmDialog
      open={version !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this version for good?"
      description="It cannot be restored afterwards."
      confirmLabel="Delete version"
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        version &&
        remove.mutate(
          { fileId, versionId: version.id },
          {
            onSuccess: () => toast({ title: 'Version deleted', variant: 'success' }),
            onError: (e) => toast({ title: errorMessage(e), variant: 'danger' }),
            onSettled: () => onClose(),
          },
        )
      }
    />
  )
}

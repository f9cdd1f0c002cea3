import type { UseMutationResult } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { type ToastInput, toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi, useFilesMutation } from '../files-api'

/** The trash's own buttons: "Empty my trash" for everyone, "Empty trash" for super users. */
export function TrashToolbar({
  superUser,
  onEmptyMine,
  onEmpty,
}: {
  superUser: boolean
  onEmptyMine: () => void
  onEmpty: () => void
}) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEmptyMine}>
        <Trash2 aria-hidden="true" /> Empty my trash
      </Button>
      {superUser && (
        <Button variant="danger" size="sm" onClick={onEmpty}>
          <Trash2 aria-hidden="true" /> Empty trash
        </Button>
      )}
    </>
  )
}

/** Empty my trash: what the caller trashed and may delete goes for good; the toast says what stayed. */
export function EmptyMyTrashDialog({ onClose }: { onClose: () => void }) {
  const emptyMine = useFilesMutation(() => filesApi.emptyMyTrash())
  return (
    <TrashConfirmDialog
      title="Empty your trash?"
      description="Everything you trashed and may delete is deleted for good. This cannot be undone."
      confirmLabel="Empty my trash"
      mutation={emptyMine}
      variables={undefined}
      done={(r) => ({
        title: `Deleted ${r.deleted} ${r.deleted === 1 ? 'entry' : 'entries'} for good`,
        ...(r.kept > 0
          ? { description: `${r.kept} stayed: only the folder's administrators can delete them for good.` }
          : {}),
      })}
      failure="Not emptied"
      onClose={onClose}
    />
  )
}

/** Empty trash (super users): every user's entries go for good. */
export function EmptyTrashDialog({ onClose }: { onClose: () => void }) {
  const empty = useFilesMutation(() => filesApi.emptyTrash())
  return (
    <TrashConfirmDialog
      title="Empty the whole trash?"
      description="Everything in the trash, for every user, is deleted for good."
      confirmLabel="Empty trash"
      mutation={empty}
      variables={undefined}
      done={(r) => ({ title: `Deleted ${r.deleted} entries` })}
      failure="Not emptied"
      onClose={onClose}
    />
  )
}

/**
 * A destructive confirmation whose action is one request: on success a toast says what happened and the
 * dialog closes; on failure a toast says why and the dialog stays open.
 */
export function TrashConfirmDialog<R, V>({
  title,
  description,
  confirmLabel,
  mutation,
  variables,
  done,
  failure,
  onClose,
}: {
  title: string
  description: string
  confirmLabel: string
  mutation: UseMutationResult<R, Error, V>
  variables: V
  done: (result: R) => Omit<ToastInput, 'variant'>
  failure: string
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive
      pending={mutation.isPending}
      onConfirm={() =>
        mutation.mutate(variables, {
          onSuccess: (result) => {
            toast({ ...done(result), variant: 'success' })
            onClose()
          },
          onError: (error) => toast({ title: failure, description: errorMessage(error), variant: 'danger' }),
        })
      }
    />
  )
}

import { useState } from 'react'
import type { RestoreInput } from '../../../../shared/contract/files'
import type { RestoreResult, TrashEntry } from '../../../../shared/contract/files-responses'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi, useFilesMutation } from '../files-api'
import { parentTrashed, restoredText } from './restore-choices'
import type { TrashStep } from './trash-step'

/**
 * Restores trash entries and keeps the last one restored (the page links to its folder). When the
 * entry's folder is in the trash too, the trash page's step becomes the choice of what to do instead.
 */
export function useTrashRestore(setStep: (step: TrashStep) => void) {
  const [last, setLast] = useState<RestoreResult | null>(null)
  const restore = useFilesMutation((a: { entry: TrashEntry; input?: RestoreInput }) =>
    filesApi.restore(a.entry.id, a.input),
  )

  const start = (entry: TrashEntry, input?: RestoreInput) =>
    restore.mutate(
      { entry, ...(input ? { input } : {}) },
      {
        onSuccess: (result) => {
          setLast(result)
          setStep(null)
          toast({ title: restoredText(result), variant: 'success' })
        },
        onError: (error) => {
          const choices = parentTrashed(error)
          if (choices) setStep({ kind: 'conflict', entry, choices })
          else {
            setStep(null)
            toast({ title: 'Not restored', description: errorMessage(error), variant: 'danger' })
          }
        },
      },
    )

  return {
    last,
    restore: start,
    pending: restore.isPending,
    /** This entry's restore is under way (its row shows it). */
    isRestoring: (entry: TrashEntry) => restore.isPending && restore.variables?.entry.id === entry.id,
  }
}

import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ItemRef, ItemType } from '../../../../shared/contract/files'
import type { BulkItemResult } from '../../../../shared/contract/files-responses'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi, filesKeys } from '../files-api'
import { toastBulkOutcome } from './bulk-outcome-toast'
import { type ConflictChoice, summarise } from './bulk-results'
import { type BulkConflict, type BulkStep, BulkStepDialog } from './bulk-step-dialog'
import { moveEachToTop } from './move-each-to-top'

/**
 * Move, copy and trash for one item or a selection, through the bulk endpoints (one result per item):
 * pick a folder, ask rename / replace / skip for the names a move found taken, then say what happened
 * and list what failed. Trashing is reversible, so it asks nothing first: its toast offers Undo, which
 * restores the trash entries the items became.
 */
export function useBulkActions(options: {
  nameOf: (type: ItemType, id: string) => string
  superUser: boolean
  onDone?: () => void
}) {
  const [step, setStep] = useState<BulkStep | null>(null)
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all })

  const finish = (verb: string, results: BulkItemResult[]) => {
    const summary = summarise(results, options.nameOf)
    toastBulkOutcome(verb, summary, results, () => void refresh())
    setStep(summary.failed ? { kind: 'results', title: `${verb}: some items failed`, summary } : null)
    options.onDone?.()
    void refresh()
  }

  const run = async (
    label: string,
    call: () => Promise<{ results: BulkItemResult[] }>,
    verb: string,
    after?: (r: BulkItemResult[]) => boolean,
  ) => {
    setPending(true)
    try {
      const { results } = await call()
      if (after?.(results)) return
      finish(verb, results)
    } catch (error) {
      toast({ title: `${label} failed`, description: errorMessage(error), variant: 'danger' })
      setStep(null)
    } finally {
      setPending(false)
    }
  }

  const moveTo = (items: ItemRef[], target: { id: string; folder_name: string }) =>
    run(
      'Move',
      () => filesApi.bulkMove(items, target.id),
      'Moved',
      (results) => {
        const summary = summarise(results, options.nameOf)
        if (summary.conflicts.length === 0) return false
        const earlier = results.filter((r) => !(r.httpStatus === 409 && r.code === 'name_taken'))
        setStep({ kind: 'conflict', items: summary.conflicts, target, earlier })
        return true
      },
    )

  const settleConflicts = async (conflict: BulkConflict, choice: ConflictChoice) => {
    try {
      const { results } = await filesApi.bulkMove(conflict.items, conflict.target.id, choice)
      finish('Moved', [...conflict.earlier, ...results])
    } catch (error) {
      toast({ title: 'Move failed', description: errorMessage(error), variant: 'danger' })
      setStep(null)
    }
  }

  const dialog: ReactNode = step && (
    <BulkStepDialog
      step={step}
      nameOf={options.nameOf}
      superUser={options.superUser}
      onClose={() => setStep(null)}
      onMove={(items, target) => void moveTo(items, target)}
      onMoveToTop={(items) => void run('Move', () => moveEachToTop(items), 'Moved')}
      onCopy={(items, target) => void run('Copy', () => filesApi.bulkCopy(items, target.id), 'Copied')}
      onSkipConflicts={(conflict) => finish('Moved', conflict.earlier)}
      onSettleConflicts={settleConflicts}
    />
  )

  return {
    dialog,
    move: (items: ItemRef[]) => setStep({ kind: 'pick', verb: 'move', items }),
    copy: (items: ItemRef[]) => setStep({ kind: 'pick', verb: 'copy', items }),
    trash: (items: ItemRef[]) => void run('Trash', () => filesApi.bulkTrash(items), 'Trashed'),
    /** A trash or move under way (its button shows it). */
    pending,
  }
}

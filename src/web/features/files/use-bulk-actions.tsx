import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ItemRef } from '../../../shared/contract/files'
import type { BulkItemResult } from '../../../shared/contract/files-responses'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { ApiError } from '../../lib/api-error'
import { BulkResultsDialog, ConflictDialog } from './bulk-dialogs'
import { type BulkSummary, summarise, summaryText } from './bulk-results'
import { filesApi, filesKeys } from './files-api'
import { FolderPickerDialog } from './folder-picker-dialog'

type Step =
  | { kind: 'pick'; verb: 'move' | 'copy'; items: ItemRef[] }
  | {
      kind: 'conflict'
      items: ItemRef[]
      target: { id: string; folder_name: string }
      earlier: BulkItemResult[]
    }
  | { kind: 'results'; title: string; summary: BulkSummary }
  | null

/**
 * Move, copy and trash for one item or a selection, through the bulk endpoints (one result per item):
 * pick a folder, ask rename / replace / skip for the names a move found taken, then say what happened
 * and list what failed. Trashing is reversible, so it asks nothing first: its toast offers Undo, which
 * restores the trash entries the items became.
 */
export function useBulkActions(options: {
  nameOf: (type: 'file' | 'folder', id: string) => string
  superUser: boolean
  onDone?: () => void
}) {
  const [step, setStep] = useState<Step>(null)
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all })

  const finish = (verb: string, results: BulkItemResult[]) => {
    const summary = summarise(results, options.nameOf)
    const trashed = results.flatMap((r) => (r.status === 'ok' && r.trashEntryId ? [r.trashEntryId] : []))
    toast({
      title: summaryText(verb, summary),
      variant: summary.failed ? 'danger' : 'success',
      ...(trashed.length > 0 && {
        duration: 10_000,
        action: {
          label: 'Undo',
          altText: 'Restore them from the trash',
          onClick: () => void undoTrash(trashed),
        },
      }),
    })
    setStep(summary.failed ? { kind: 'results', title: `${verb}: some items failed`, summary } : null)
    options.onDone?.()
    void refresh()
  }

  const undoTrash = async (entryIds: string[]) => {
    const outcomes = await Promise.allSettled(entryIds.map((id) => filesApi.restore(id)))
    const failed = outcomes.filter((o) => o.status === 'rejected')
    if (failed.length === 0) toast({ title: 'Restored', variant: 'success' })
    else
      toast({
        title: `${failed.length} of ${entryIds.length} could not be restored`,
        description: `${errorMessage(failed[0]!.reason)} They are still in the trash.`,
        variant: 'danger',
      })
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

  // The bulk endpoint needs a target folder; moving folders to the top goes one by one, with the same
  // per-item results.
  const moveToTop = (items: ItemRef[]) =>
    run(
      'Move',
      async () => ({
        results: await Promise.all(
          items.map(async (ref): Promise<BulkItemResult> => {
            try {
              await filesApi.move(ref, null)
              return { ...ref, status: 'ok', httpStatus: 200 }
            } catch (error) {
              return {
                ...ref,
                status: 'failed',
                httpStatus: error instanceof ApiError ? error.status : 0,
                code: error instanceof ApiError ? error.code : undefined,
                detail: errorMessage(error),
              }
            }
          }),
        ),
      }),
      'Moved',
    )

  let dialog: ReactNode = null
  if (step?.kind === 'pick')
    dialog = (
      <FolderPickerDialog
        title={step.verb === 'move' ? 'Move to…' : 'Copy to…'}
        confirmLabel={step.verb === 'move' ? 'Move to' : 'Copy to'}
        superUser={options.superUser}
        excludeIds={new Set(step.items.filter((i) => i.type === 'folder').map((i) => i.id))}
        onClose={() => setStep(null)}
        onPickTop={
          step.verb === 'move' && step.items.every((i) => i.type === 'folder')
            ? () => void moveToTop(step.items)
            : undefined
        }
        onPick={(target) =>
          void (step.verb === 'move'
            ? moveTo(step.items, target)
            : run('Copy', () => filesApi.bulkCopy(step.items, target.id), 'Copied'))
        }
      />
    )
  else if (step?.kind === 'conflict')
    dialog = (
      <ConflictDialog
        names={step.items.map((i) => options.nameOf(i.type, i.id))}
        target={step.target.folder_name}
        onClose={() => finish('Moved', step.earlier)}
        onChoose={async (choice) => {
          try {
            const { results } = await filesApi.bulkMove(step.items, step.target.id, choice)
            finish('Moved', [...step.earlier, ...results])
          } catch (error) {
            toast({ title: 'Move failed', description: errorMessage(error), variant: 'danger' })
            setStep(null)
          }
        }}
      />
    )
  else if (step?.kind === 'results')
    dialog = <BulkResultsDialog title={step.title} summary={step.summary} onClose={() => setStep(null)} />

  return {
    dialog,
    move: (items: ItemRef[]) => setStep({ kind: 'pick', verb: 'move', items }),
    copy: (items: ItemRef[]) => setStep({ kind: 'pick', verb: 'copy', items }),
    trash: (items: ItemRef[]) => void run('Trash', () => filesApi.bulkTrash(items), 'Trashed'),
    /** A trash or move under way (its button shows it). */
    pending,
  }
}

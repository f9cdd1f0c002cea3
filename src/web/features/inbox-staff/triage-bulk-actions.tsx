import { CheckCheck, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { BulkActionInput } from '../../../shared/contract/inbox-staff'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api-error'
import { bulkSummary, unchangedEntries } from './bulk-summary'
import { useBulkAction } from './inbox-staff-api'
import type { TriageKind } from './triage-tables'

type Action = BulkActionInput['action']

interface Row {
  id: string
  abilities: { resolve?: boolean; reopen?: boolean; delete: boolean }
}

const VERBS: Record<Action, { label: string; done: string; icon: typeof Trash2 }> = {
  resolve: { label: 'Resolve', done: 'Resolved', icon: CheckCheck },
  reopen: { label: 'Reopen', done: 'Reopened', icon: RotateCcw },
  delete: { label: 'Delete', done: 'Deleted', icon: Trash2 },
}

const MAX_NAMED = 5

/**
 * The selected rows' actions: each asks first, then says what happened to every entry (the server
 * answers one outcome per id, so an entry someone else resolved meanwhile is named, not hidden).
 */
export function TriageBulkActions<T extends Row>({
  kind,
  selected,
  onDone,
  labelOf,
  noun,
  plural,
}: {
  kind: TriageKind | 'ebook'
  selected: readonly T[]
  onDone: () => void
  labelOf: (row: T) => string
  noun: string
  plural: string
}) {
  const [confirming, setConfirming] = useState<Action | null>(null)
  const bulk = useBulkAction(kind)
  const count = selected.length
  const what = `${count} ${count === 1 ? noun : plural}`
  const actions: Action[] =
    kind === 'ebook'
      ? ['delete']
      : (['resolve', 'reopen', 'delete'] as const).filter((a) => selected.some((row) => row.abilities[a]))

  const run = (action: Action) => {
    const labels = new Map(selected.map((row) => [row.id, labelOf(row)]))
    bulk.mutate({ action, ids: selected.map((row) => row.id) } as BulkActionInput, {
      onSuccess: (result) => {
        const unchanged = unchangedEntries(result, (id) => labels.get(id))
        const named = unchanged
          .slice(0, MAX_NAMED)
          .map((u) => `${u.label}: ${u.reason}`)
          .join('; ')
        const more = unchanged.length > MAX_NAMED ? `; and ${unchanged.length - MAX_NAMED} more` : ''
        toast.success(
          `${VERBS[action].done}: ${bulkSummary(result)}`,
          unchanged.length > 0 ? `Not changed: ${named}${more}.` : undefined,
        )
        onDone()
      },
      onError: (error) => toast.error(`Could not ${action} the ${plural}`, errorMessage(error)),
      onSettled: () => setConfirming(null),
    })
  }

  return (
    <>
      {actions.map((action) => {
        const Icon = VERBS[action].icon
        return (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'danger' : 'secondary'}
            onClick={() => setConfirming(action)}
          >
            <Icon aria-hidden="true" />
            {VERBS[action].label}
          </Button>
        )
      })}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null)
        }}
        title={confirming ? `${VERBS[confirming].label} ${what}?` : ''}
        description={
          confirming === 'delete'
            ? `The ${count === 1 ? noun : plural} will be deleted for good. This cannot be undone.`
            : confirming === 'resolve'
              ? 'Pending entries become resolved, recording you and the time. Entries already resolved stay as they are.'
              : 'Resolved entries go back to pending. Entries already pending stay as they are.'
        }
        confirmLabel={confirming ? `${VERBS[confirming].label} ${what}` : ''}
        destructive={confirming === 'delete'}
        pending={bulk.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </>
  )
}

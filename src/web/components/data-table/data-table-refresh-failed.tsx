import { CircleAlert } from 'lucide-react'
import { Button } from '../ui/button'
import { listErrorMessage } from './data-table-states'

/** A refresh failed but older rows are still worth showing: said beside them, with a retry. */
export function DataTableRefreshFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-danger bg-danger-soft px-4 py-2 text-sm text-danger-soft-fg"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>{listErrorMessage(error)}</span>
      <Button variant="secondary" size="sm" className="ml-auto" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

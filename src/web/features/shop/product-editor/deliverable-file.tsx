import { FileUp } from 'lucide-react'
import { useId } from 'react'
import { PRODUCT_FILE_MAX_BYTES } from '../../../../shared/contract/shop/products'
import { buttonClasses } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { formatBytes } from '../../../lib/format'

interface DeliverableFileProps {
  current: { name: string; type: string; size: number } | null
  pending: File | null
  onPendingChange: (file: File | null) => void
  progress: { sent: number; total: number } | undefined
  error: string | undefined
  /** "Send the update to past buyers": offered when a new file replaces the current one. */
  updatePastBuyers: boolean
  onUpdatePastBuyersChange: (value: boolean) => void
}

/** The file buyers receive: chosen here, uploaded with the form (with progress), never public. */
export function DeliverableFile({
  current,
  pending,
  onPendingChange,
  progress,
  error,
  updatePastBuyers,
  onUpdatePastBuyersChange,
}: DeliverableFileProps) {
  const inputId = useId()
  const errorId = useId()
  const updateId = useId()
  const updateHintId = useId()
  const tooLarge = pending && pending.size > PRODUCT_FILE_MAX_BYTES
  const problem = tooLarge ? `Files can be at most ${formatBytes(PRODUCT_FILE_MAX_BYTES)}.` : error
  return (
    <div className="flex flex-col gap-3">
      {current && (
        <p className="text-sm text-fg">
          Current file: <span className="font-medium">{current.name}</span> ({formatBytes(current.size)})
        </p>
      )}
      <label
        htmlFor={inputId}
        className={buttonClasses({
          variant: 'secondary',
          className: 'cursor-pointer self-start focus-within:ring-2 focus-within:ring-ring',
        })}
      >
        <FileUp aria-hidden="true" />
        {current ? 'Replace the file' : 'Choose the file'}
        <input
          id={inputId}
          type="file"
          className="sr-only"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onPendingChange(e.target.files?.[0] ?? null)}
        />
      </label>
      {pending && (
        <p className="text-sm text-fg-muted">
          {pending.name} · {formatBytes(pending.size)}: uploaded when you save.
        </p>
      )}
      {current && pending && (
        <div className="flex flex-col gap-1 text-sm">
          <div className="flex items-center gap-3 text-fg">
            <Checkbox
              id={updateId}
              name="updatePastBuyers"
              checked={updatePastBuyers}
              onChange={(e) => onUpdatePastBuyersChange(e.target.checked)}
              aria-describedby={updateHintId}
            />
            <label htmlFor={updateId}>Send the update to past buyers</label>
          </div>
          <p id={updateHintId} className="text-fg-muted">
            {updatePastBuyers
              ? 'Everyone who bought this product gets the new file, and a notification.'
              : 'Past buyers keep the file they bought; only new orders get the new one.'}
          </p>
        </div>
      )}
      {progress && (
        <ProgressBar
          label={`Uploading ${pending?.name ?? 'the file'}`}
          value={progress.sent}
          max={Math.max(progress.total, 1)}
          valueText={`${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`}
        />
      )}
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-danger-text">
          {problem}
        </p>
      )}
    </div>
  )
}

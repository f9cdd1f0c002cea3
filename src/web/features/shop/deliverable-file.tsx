import { FileUp } from 'lucide-react'
import { useId } from 'react'
import { PRODUCT_FILE_MAX_BYTES } from '../../../shared/contract/products'
import { buttonClasses } from '../../components/ui/button'
import { ProgressBar } from '../../components/ui/progress-bar'
import { formatBytes } from '../../lib/format'

interface DeliverableFileProps {
  current: { name: string; type: string; size: number } | null
  pending: File | null
  onPendingChange: (file: File | null) => void
  progress: { sent: number; total: number } | undefined
  error: string | undefined
}

/** The file buyers receive: chosen here, uploaded with the form (with progress), never public. */
export function DeliverableFile({
  current,
  pending,
  onPendingChange,
  progress,
  error,
}: DeliverableFileProps) {
  const inputId = useId()
  const errorId = useId()
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

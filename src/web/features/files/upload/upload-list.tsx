import { X } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { formatBytes } from '../../../lib/format'
import type { UploadItem } from './upload-progress'
import { isActive, type UploadQueue } from './use-upload-queue'

/** The overall bar and one bar per file, each with its cancel button while it runs. */
export function UploadList({ uploads }: { uploads: UploadQueue }) {
  const { items, total } = uploads
  if (total.count === 0) return null
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <div className="flex items-end gap-3">
        <ProgressBar
          className="flex-1"
          label="All uploads"
          value={total.sent}
          max={Math.max(total.total, 1)}
          valueText={`${total.done} of ${total.count} files · ${formatBytes(total.sent)} of ${formatBytes(total.total)}${total.failed ? ` · ${total.failed} failed` : ''}`}
        />
        {total.active > 0 && (
          <Button type="button" variant="ghost" size="sm" onClick={uploads.cancelAll}>
            Cancel all
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.key} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <ProgressBar
                label={item.path ? `${item.path}/${item.name}` : item.name}
                value={item.status === 'done' ? item.total : item.sent}
                max={Math.max(item.total, 1)}
                valueText={statusText(item)}
              />
              {item.error && <p className="mt-1 text-sm text-danger">{item.error}</p>}
            </div>
            {isActive(item) && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Cancel ${item.name}`}
                onClick={() => uploads.cancel(item.key)}
              >
                <X aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting'
    case 'retrying':
      return `Connection lost · resuming at ${formatBytes(item.sent)}`
    case 'done':
      return 'Uploaded'
    case 'failed':
      return 'Failed'
    case 'cancelled':
      return 'Cancelled'
    default:
      return `${formatBytes(item.sent)} of ${formatBytes(item.total)}`
  }
}

import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { formatBytes } from '../../../lib/format'
import { DETAILS_OPEN_UP_TO, headline, speed, timeLeft, type UploadItem } from './upload-progress'
import { isActive, type UploadQueue } from './use-upload-queue'

/**
 * The upload panel, like Drive's: one summary line (files, speed, time left) and the overall bar; the
 * rows of a big batch fold away behind "Show details", failures stay in view, and "Close" clears a
 * finished batch.
 */
export function UploadList({ uploads }: { uploads: UploadQueue }) {
  const { items, total, startedAt } = uploads
  const [chosen, setChosen] = useState<boolean | null>(null)
  const listId = useId()
  if (total.count === 0) return null
  const detailsOpen = chosen ?? total.count <= DETAILS_OPEN_UP_TO
  const running = total.active > 0
  const rate = running ? speed(total.sent, Date.now() - startedAt) : undefined
  const left = timeLeft(total.total - total.sent, rate)
  const rows = detailsOpen ? items : items.filter((i) => i.status === 'failed')
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm font-medium text-fg">{headline(total)}</p>
        {rate !== undefined && (
          <p className="text-sm text-fg-muted tabular-nums">
            {formatBytes(rate)}/s{left ? ` · ${left}` : ''}
          </p>
        )}
        <p className="sr-only" aria-live="polite">
          {running ? '' : `Uploads finished: ${headline(total)}`}
        </p>
        <div className="ms-auto flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={detailsOpen}
            aria-controls={listId}
            onClick={() => setChosen(!detailsOpen)}
          >
            {detailsOpen ? 'Hide details' : 'Show details'}
          </Button>
          {running ? (
            <Button type="button" variant="ghost" size="sm" onClick={uploads.cancelAll}>
              Cancel all
            </Button>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setChosen(null)
                uploads.clear()
              }}
            >
              Close
            </Button>
          )}
        </div>
      </div>
      <ProgressBar
        label="All uploads"
        value={total.sent}
        max={Math.max(total.total, 1)}
        valueText={`${total.done} of ${total.count} files · ${formatBytes(total.sent)} of ${formatBytes(total.total)}${total.failed ? ` · ${total.failed} failed` : ''}`}
      />
      <section
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list takes focus so a keyboard can scroll it
        tabIndex={0}
        aria-label="Uploads, file by file"
        className="max-h-80 overflow-y-auto"
      >
        {rows.length > 0 && <UploadRows rows={rows} uploads={uploads} />}
      </section>
    </div>
  )
}

function UploadRows({ rows, uploads }: { rows: UploadItem[]; uploads: UploadQueue }) {
  return (
    <ul className="flex flex-col gap-2 pe-1">
      {rows.map((item) => (
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

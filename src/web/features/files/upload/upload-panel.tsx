import { FolderUp, Upload, X } from 'lucide-react'
import { type DragEvent, useRef, useState, useSyncExternalStore } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { cn } from '../../../lib/cn'
import { formatSize } from '../entries'
import { fromInput, type PickedFile, readDrop } from './upload-plan'
import { overall, UploadBatch, type UploadTask } from './upload-store'

export interface UploadPanelProps {
  /** Where the files and dropped folders go. */
  folderId: string
  /** Called when a batch has finished (to refresh the listing). */
  onFinished: () => void
}

const STATUS: Record<UploadTask['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/**
 * The upload widget of a folder the user may write to: buttons for files and for a whole folder, a
 * drop zone, then a progress bar per file and overall, with cancel.
 */
export function UploadPanel({ folderId, onFinished }: UploadPanelProps) {
  const [batch, setBatch] = useState<UploadBatch | null>(null)
  const [dragging, setDragging] = useState(false)
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)

  const start = (picked: PickedFile[]) => {
    if (picked.length === 0) return
    const next = new UploadBatch()
    setBatch(next)
    void next.run(folderId, picked, onFinished)
  }
  const busy = batch !== null && batch.getState().phase !== 'finished'

  const onDrop = async (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (busy) return
    start(await readDrop(event.dataTransfer))
  }

  return (
    <section aria-label="Upload" className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the buttons do the same from the keyboard. */}
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border-strong p-4 text-center text-sm text-fg-muted sm:flex-row sm:justify-between sm:text-left',
          dragging && 'border-accent bg-surface-muted',
        )}
      >
        <p>Drop files or folders here to upload them.</p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => filesInput.current?.click()}>
            <Upload aria-hidden="true" /> Upload files
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => folderInput.current?.click()}>
            <FolderUp aria-hidden="true" /> Upload a folder
          </Button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(e) => {
            start(fromInput(e.target.files))
            e.target.value = ''
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Folder to upload"
          // React does not know the attribute; the browser then picks a folder and keeps each path.
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => {
            start(fromInput(e.target.files))
            e.target.value = ''
          }}
        />
      </div>
      {batch && <UploadProgress batch={batch} onClose={() => setBatch(null)} />}
    </section>
  )
}

function UploadProgress({ batch, onClose }: { batch: UploadBatch; onClose: () => void }) {
  const state = useSyncExternalStore(batch.subscribe, batch.getState)
  const sum = overall(state)
  const finished = state.phase === 'finished'
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      data-testid="upload-progress"
    >
      <div className="flex items-center gap-3">
        <ProgressBar
          className="flex-1"
          label={finished ? 'Upload finished' : 'Uploading'}
          value={sum.sent}
          max={Math.max(sum.total, 1)}
          valueText={`${sum.done} of ${sum.count} files, ${formatSize(sum.sent)} of ${formatSize(sum.total)}`}
        />
        {finished ? (
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void batch.cancel()}>
            Cancel all
          </Button>
        )}
      </div>
      {state.error && (
        <Alert variant="danger" title="Upload stopped">
          {state.error}
        </Alert>
      )}
      {finished && (sum.failed > 0 || sum.cancelled > 0) && (
        <p role="status" className="text-sm text-fg-muted">
          {sum.failed > 0 && `${sum.failed} failed. `}
          {sum.cancelled > 0 && `${sum.cancelled} cancelled.`}
        </p>
      )}
      <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto" aria-label="Files being uploaded">
        {state.tasks.map((task) => (
          <li key={task.id} className="flex items-center gap-2 text-sm">
            <ProgressBar
              className="flex-1"
              label={task.path}
              value={task.status === 'done' ? task.size : task.sent}
              max={Math.max(task.size, 1)}
              valueText={task.status === 'failed' ? `Failed: ${task.error ?? ''}` : STATUS[task.status]}
            />
            {(task.status === 'queued' || task.status === 'uploading') && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Cancel ${task.path}`}
                onClick={() => void batch.cancel(task.id)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

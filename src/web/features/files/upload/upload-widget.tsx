import { FolderUp, Upload as UploadIcon, X } from 'lucide-react'
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { formatBytes } from '../../../lib/format'
import { createFolder } from './create-folder'
import { EMPTY_FOLDER, fromDataTransfer, fromFileList, type PickedFile } from './dropped-files'
import { type RunningUpload, startTusUpload } from './tus-upload'
import { overall, type UploadItem, update } from './upload-progress'

export interface UploadWidgetProps {
  /** The folder files go into; dropped folders are recreated inside it. */
  folderId: string
  /** Called for each file once the server has it (its new id, its name, the folder it went into). */
  onUploaded?: (file: { id: string | undefined; name: string; folderId: string }) => void
  /** Called when every upload of a batch has finished, failed or been cancelled. */
  onBatchDone?: () => void
  className?: string
}

/** Uploads at once: enough to fill the line with small files, few enough not to starve any one. */
const PARALLEL = 3

interface Job {
  key: string
  picked: PickedFile
}

/**
 * Drop zone and upload list: many files and whole folders (structure kept), a progress bar per file
 * and overall, cancel per file or all, and automatic resume after a dropped connection (tus).
 */
export function UploadWidget({ folderId, onUploaded, onBatchDone, className }: UploadWidgetProps) {
  const [items, setItems] = useState<UploadItem[]>([])
  const [dragging, setDragging] = useState(false)
  const queue = useRef<Job[]>([])
  const running = useRef(new Map<string, RunningUpload>())
  const folders = useRef(new Map<string, Promise<string>>())
  const fileInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const callbacks = useRef({ onUploaded, onBatchDone })
  callbacks.current = { onUploaded, onBatchDone }

  const folderFor = useCallback(
    (path: string[]): Promise<string> => {
      if (path.length === 0) return Promise.resolve(folderId)
      // Paths are relative to the target folder: key the cache by both.
      const key = `${folderId}:${path.join('/')}`
      let found = folders.current.get(key)
      if (!found) {
        found = folderFor(path.slice(0, -1)).then((parent) => createFolder(parent, path.at(-1)!))
        folders.current.set(key, found)
        found.catch(() => folders.current.delete(key))
      }
      return found
    },
    [folderId],
  )

  // pump and finishOne call each other; the ref breaks the cycle between the two callbacks.
  const pumpRef = useRef<() => void>(() => {})
  const finishOne = useCallback(() => {
    pumpRef.current()
    if (running.current.size === 0 && queue.current.length === 0) callbacks.current.onBatchDone?.()
  }, [])

  const pump = useCallback(() => {
    while (running.current.size < PARALLEL && queue.current.length > 0) {
      const job = queue.current.shift()!
      const { key, picked } = job
      const placeholder: RunningUpload = { cancel: async () => {} }
      running.current.set(key, placeholder)
      setItems((all) => update(all, key, { status: 'uploading' }))
      folderFor(picked.folders)
        .then((targetId) => {
          if (!running.current.has(key)) return // cancelled while its folder was made
          const upload = startTusUpload(
            picked.file,
            { folderId: targetId, name: picked.file.name },
            {
              onProgress: (sent, total) =>
                setItems((all) => update(all, key, { sent, total, status: 'uploading' })),
              onRetry: () => setItems((all) => update(all, key, { status: 'retrying' })),
              onSuccess: (id) => {
                running.current.delete(key)
                setItems((all) => update(all, key, { status: 'done', fileId: id, sent: picked.file.size }))
                callbacks.current.onUploaded?.({ id, name: picked.file.name, folderId: targetId })
                finishOne()
              },
              onError: (message) => {
                running.current.delete(key)
                setItems((all) => update(all, key, { status: 'failed', error: message }))
                finishOne()
              },
            },
          )
          running.current.set(key, upload)
        })
        .catch((error: unknown) => {
          running.current.delete(key)
          setItems((all) =>
            update(all, key, {
              status: 'failed',
              error: `Could not create the folder: ${errorMessage(error)}`,
            }),
          )
          finishOne()
        })
    }
  }, [folderFor, finishOne])
  pumpRef.current = pump

  const add = useCallback(
    (picked: PickedFile[]) => {
      const fresh: UploadItem[] = []
      for (const p of picked) {
        if (p.file === EMPTY_FOLDER) {
          void folderFor(p.folders).catch(() => {})
          continue
        }
        const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
        fresh.push({
          key,
          name: p.file.name,
          path: p.folders.join('/'),
          status: 'queued',
          sent: 0,
          total: p.file.size,
        })
        queue.current.push({ key, picked: p })
      }
      setItems((all) => [...all.filter((i) => i.status !== 'done' && i.status !== 'cancelled'), ...fresh])
      pump()
    },
    [folderFor, pump],
  )

  const cancel = useCallback(
    (key: string) => {
      queue.current = queue.current.filter((j) => j.key !== key)
      const upload = running.current.get(key)
      running.current.delete(key)
      setItems((all) => update(all, key, { status: 'cancelled' }))
      void upload?.cancel().catch(() => {})
      finishOne()
    },
    [finishOne],
  )

  const cancelAll = useCallback(() => {
    for (const item of items)
      if (item.status === 'queued' || item.status === 'uploading' || item.status === 'retrying')
        cancel(item.key)
  }, [items, cancel])

  // Leaving the page mid-upload: the browser warns (the upload can resume later, but only from here).
  const total = overall(items)
  useEffect(() => {
    if (total.active === 0) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [total.active])

  const onDrop = async (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    add(await fromDataTransfer(event.dataTransfer))
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <h2 id={headingId} className="sr-only">
        Upload files
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a pointer shortcut; the buttons inside do the same by keyboard */}
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border-strong p-6 text-center',
          dragging && 'border-accent bg-surface-muted',
        )}
      >
        <UploadIcon aria-hidden className="size-8 text-fg-muted" />
        <p className="text-sm text-fg-muted">Drop files or folders here, or</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
            <UploadIcon aria-hidden /> Choose files
          </Button>
          <Button type="button" variant="secondary" onClick={() => folderInput.current?.click()}>
            <FolderUp aria-hidden /> Choose a folder
          </Button>
        </div>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(e) => {
            if (e.target.files) add(fromFileList(e.target.files))
            e.target.value = ''
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Folder to upload"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => {
            if (e.target.files) add(fromFileList(e.target.files))
            e.target.value = ''
          }}
        />
      </div>

      {total.count > 0 && (
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
              <Button type="button" variant="ghost" size="sm" onClick={cancelAll}>
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
                {(item.status === 'queued' || item.status === 'uploading' || item.status === 'retrying') && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Cancel ${item.name}`}
                    onClick={() => cancel(item.key)}
                  >
                    <X aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
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

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api'
import { createFolderTree, folderPathKey } from './create-folder'
import type { PickedFile } from './dropped-files'
import type { RunningUpload } from './tus-upload'
import { type Job, queueJobs, startJob } from './upload-jobs'
import { overall, type UploadItem, update } from './upload-progress'

export interface UploadQueueOptions {
  /** The folder files go into; dropped folders are recreated inside it. */
  folderId: string
  /** Called for each file once the server has it (its new id, its name, the folder it went into). */
  onUploaded?: (file: { id: string | undefined; name: string; folderId: string }) => void
  /** Called when every upload of a batch has finished, failed or been cancelled. */
  onBatchDone?: () => void
}

export type UploadQueue = ReturnType<typeof useUploadQueue>

/**
 * Uploads at once: enough to keep the line full with small files (each one request, see
 * ONE_REQUEST_BYTES), and under the browser's six connections to one host, one of which the
 * notifications' event stream holds.
 */
export const PARALLEL_UPLOADS = 4

/**
 * The uploads of one folder page: a queue run PARALLEL_UPLOADS at a time over tus, the folders a dropped
 * folder needs (made once each), per-file state for the list, cancel, and a warning before leaving
 * the page mid-upload. Whatever picks or drops files calls `add`.
 */
export function useUploadQueue({ folderId, onUploaded, onBatchDone }: UploadQueueOptions) {
  const [items, setItems] = useState<UploadItem[]>([])
  /** When the running batch began (for its speed); files added while it runs join it. */
  const [startedAt, setStartedAt] = useState(0)
  const queue = useRef<Job[]>([])
  const running = useRef(new Map<string, RunningUpload>())
  const callbacks = useRef({ onUploaded, onBatchDone })
  callbacks.current = { onUploaded, onBatchDone }
  const folderFor = useFolderMaker()

  // pump and finishOne call each other; the ref breaks the cycle between the two callbacks.
  const pumpRef = useRef<() => void>(() => {})
  const finishOne = useCallback(() => {
    pumpRef.current()
    if (running.current.size === 0 && queue.current.length === 0) callbacks.current.onBatchDone?.()
  }, [])

  const settle = useCallback(
    (key: string, patch: Partial<UploadItem>) => {
      running.current.delete(key)
      setItems((all) => update(all, key, patch))
      finishOne()
    },
    [finishOne],
  )

  const startOne = useCallback(
    (job: Job, targetId: string) => {
      if (!running.current.has(job.key)) return // cancelled while its folder was made
      const upload = startJob(job, targetId, {
        change: (key, patch) => setItems((all) => update(all, key, patch)),
        settle,
        uploaded: (file) => callbacks.current.onUploaded?.(file),
      })
      running.current.set(job.key, upload)
    },
    [settle],
  )

  const pump = useCallback(() => {
    while (running.current.size < PARALLEL_UPLOADS && queue.current.length > 0) {
      const job = queue.current.shift()!
      running.current.set(job.key, { cancel: async () => {} })
      setItems((all) => update(all, job.key, { status: 'uploading' }))
      folderFor(job.baseId, job.picked.folders)
        .then((targetId) => startOne(job, targetId))
        .catch((error: unknown) =>
          settle(job.key, { status: 'failed', error: `Could not create the folder: ${errorMessage(error)}` }),
        )
    }
  }, [folderFor, startOne, settle])
  pumpRef.current = pump

  const add = useCallback(
    (picked: PickedFile[]) => {
      const { jobs, items: fresh, emptyFolders } = queueJobs(picked, folderId)
      // A new batch asks for its folders afresh (one made last time may have moved), all of them, empty
      // ones too, in one request before any file starts.
      if (running.current.size === 0 && queue.current.length === 0) {
        setStartedAt(Date.now())
        folderFor.forget()
      }
      const paths = [...jobs.map((j) => j.picked.folders), ...emptyFolders]
      void folderFor.prepare(folderId, paths).catch(() => {})
      queue.current.push(...jobs)
      setItems((all) => [...all.filter((i) => i.status !== 'done' && i.status !== 'cancelled'), ...fresh])
      pump()
    },
    [folderFor, pump, folderId],
  )

  /** "Close": the finished rows go; anything still running stays. */
  const clear = useCallback(() => setItems((all) => all.filter(isActive)), [])

  // Another folder opened with nothing running: its page starts without the last folder's list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is what a new folderId means
  useEffect(() => {
    if (running.current.size === 0 && queue.current.length === 0) setItems([])
  }, [folderId])

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
    for (const item of items) if (isActive(item)) cancel(item.key)
  }, [items, cancel])

  const total = overall(items)
  useLeaveWarning(total.active > 0)
  return { items, total, startedAt, add, cancel, cancelAll, clear }
}

export const isActive = (item: UploadItem) =>
  item.status === 'queued' || item.status === 'uploading' || item.status === 'retrying'

/**
 * The folder for a dropped path below `baseId`, remembered once made. `prepare` makes a batch's whole
 * tree in one request; a path not prepared (or whose batch failed) is made on its own, parents and all,
 * by the same call.
 */
function useFolderMaker() {
  const folders = useRef(new Map<string, Promise<string>>())
  return useMemo(() => {
    const cacheKey = (baseId: string, path: readonly string[]) => `${baseId}:${folderPathKey(path)}`
    const prepare = (baseId: string, paths: readonly string[][]): Promise<void> => {
      const missing = unique(paths.filter((p) => p.length > 0 && !folders.current.has(cacheKey(baseId, p))))
      if (missing.length === 0) return Promise.resolve()
      const made = createFolderTree(baseId, missing)
      for (const path of missing) {
        const key = cacheKey(baseId, path)
        const found = made.then((ids) => {
          const id = ids.get(folderPathKey(path))
          if (!id) throw new Error(`The server did not make ${path.join('/')}.`)
          return id
        })
        folders.current.set(key, found)
        found.catch(() => folders.current.delete(key))
      }
      return made.then(() => {})
    }
    const folderFor = (baseId: string, path: string[]): Promise<string> => {
      if (path.length === 0) return Promise.resolve(baseId)
      const key = cacheKey(baseId, path)
      if (!folders.current.has(key)) void prepare(baseId, [path]).catch(() => {})
      return folders.current.get(key)!
    }
    return Object.assign(folderFor, { prepare, forget: () => folders.current.clear() })
  }, [])
}

/** Each path once, by the server's comparison of names. */
function unique(paths: readonly string[][]): string[][] {
  const seen = new Map<string, string[]>()
  for (const path of paths) if (!seen.has(folderPathKey(path))) seen.set(folderPathKey(path), path)
  return [...seen.values()]
}

/** Leaving the page mid-upload: the browser warns (the upload can resume later, but only from here). */
function useLeaveWarning(busy: boolean) {
  useEffect(() => {
    if (!busy) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [busy])
}

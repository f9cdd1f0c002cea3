import * as tus from 'tus-js-client'
import { UPLOADS_ENDPOINT } from '../../../../shared/contract/files-transfer'
import { errorMessage } from '../../../lib/api'
import { filesApi } from '../files-api'
import { lastPart, type PickedFile, parentPath, planUpload } from './upload-plan'

// One batch of uploads at a time per page: folders are created first (parents before children),
// then files go up over tus, two at a time, each resumable after a dropped connection (tus-js-client
// retries and resumes at the server's offset). Components read the state with useSyncExternalStore.

export type TaskStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled'

export interface UploadTask {
  id: number
  name: string
  path: string
  size: number
  sent: number
  status: TaskStatus
  error?: string
}

export interface UploadState {
  tasks: UploadTask[]
  /** Creating folders, or sending files. */
  phase: 'idle' | 'folders' | 'files' | 'finished'
  error: string | null
}

const CONCURRENCY = 2
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000]

export class UploadBatch {
  private state: UploadState = { tasks: [], phase: 'idle', error: null }
  private listeners = new Set<() => void>()
  private uploads = new Map<number, { upload: tus.Upload; done: () => void }>()
  private cancelled = false

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  getState = () => this.state

  private set(next: Partial<UploadState>) {
    this.state = { ...this.state, ...next }
    for (const l of this.listeners) l()
  }
  private patch(id: number, change: Partial<UploadTask>) {
    this.set({ tasks: this.state.tasks.map((t) => (t.id === id ? { ...t, ...change } : t)) })
  }

  /** Runs the batch into `folderId`; resolves when every file has finished, failed or been cancelled. */
  async run(folderId: string, picked: readonly PickedFile[], onFinished: () => void): Promise<void> {
    const plan = planUpload(picked)
    this.set({
      phase: 'folders',
      error: null,
      tasks: plan.files.map((f, id) => ({
        id,
        name: f.name,
        path: f.folderPath ? `${f.folderPath}/${f.name}` : f.name,
        size: f.file.size,
        sent: 0,
        status: 'queued',
      })),
    })
    const folderIds = new Map<string, string>([['', folderId]])
    try {
      for (const path of plan.folders) {
        if (this.cancelled) break
        // A taken name gets a free one from the server ("Photos (1)"): an upload never merges into
        // or overwrites what is there.
        const created = await filesApi.createFolder({
          folder_name: lastPart(path),
          parent_id: folderIds.get(parentPath(path))!,
        })
        folderIds.set(path, created.id)
      }
    } catch (error) {
      this.set({ phase: 'finished', error: `Could not create the folders: ${errorMessage(error)}` })
      this.set({ tasks: this.state.tasks.map((t) => ({ ...t, status: 'failed' as const })) })
      onFinished()
      return
    }
    this.set({ phase: 'files' })
    const queue = plan.files.map((f, id) => ({ ...f, id }))
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const task = this.state.tasks[next.id]
        if (this.cancelled || task?.status === 'cancelled') continue
        await this.send(next.id, next.file, next.name, folderIds.get(next.folderPath)!)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    this.set({ phase: 'finished' })
    onFinished()
  }

  private send(id: number, file: File, name: string, folderId: string): Promise<void> {
    return new Promise((resolve) => {
      const upload = new tus.Upload(file, {
        endpoint: UPLOADS_ENDPOINT,
        metadata: { filename: name, folder_id: folderId, filetype: file.type },
        retryDelays: RETRY_DELAYS,
        // Resume a file picked again after a reload; forget it once it is done.
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        chunkSize: 50 * 1024 * 1024,
        onProgress: (sent) => this.patch(id, { sent, status: 'uploading' }),
        onSuccess: () => {
          this.uploads.delete(id)
          this.patch(id, { sent: file.size, status: 'done' })
          resolve()
        },
        onError: (error) => {
          this.uploads.delete(id)
          const body = (error as tus.DetailedError).originalResponse?.getBody()
          let message = 'The upload failed.'
          try {
            const problem = body ? (JSON.parse(body) as { detail?: string; title?: string }) : null
            message = problem?.detail ?? problem?.title ?? message
          } catch {
            // not a problem document: keep the plain message
          }
          this.patch(id, { status: 'failed', error: message })
          resolve()
        },
      })
      this.uploads.set(id, { upload, done: resolve })
      this.patch(id, { status: 'uploading' })
      upload.start()
    })
  }

  /** Cancels one file (its partial upload is discarded on the server), or all when no id is given. */
  async cancel(id?: number): Promise<void> {
    if (id === undefined) {
      this.cancelled = true
      for (const t of this.state.tasks)
        if (t.status === 'queued' || t.status === 'uploading') await this.cancel(t.id)
      return
    }
    const running = this.uploads.get(id)
    this.patch(id, { status: 'cancelled' })
    if (running) {
      this.uploads.delete(id)
      // abort(true) also sends the tus DELETE, so the server discards the partial bytes at once.
      await running.upload.abort(true).catch(() => undefined)
      running.done()
    }
  }
}

export function overall(state: UploadState) {
  const total = state.tasks.reduce((s, t) => s + t.size, 0)
  const sent = state.tasks.reduce((s, t) => s + (t.status === 'done' ? t.size : t.sent), 0)
  const done = state.tasks.filter((t) => t.status === 'done').length
  const failed = state.tasks.filter((t) => t.status === 'failed').length
  const cancelled = state.tasks.filter((t) => t.status === 'cancelled').length
  return { total, sent, done, failed, cancelled, count: state.tasks.length }
}

import { EMPTY_FOLDER, type PickedFile } from './dropped-files'
import { type RunningUpload, startTusUpload } from './tus-upload'
import type { UploadItem } from './upload-progress'

/** One file waiting in the upload queue, under the key of its row in the list. */
export interface Job {
  key: string
  picked: PickedFile
  /** The folder the files were dropped on: kept, so leaving for another folder does not redirect them. */
  baseId: string
}

/**
 * The picked files as queued jobs with their rows in the list; the empty folders a drop held stand
 * apart (they are made, nothing is uploaded into them).
 */
export function queueJobs(
  picked: PickedFile[],
  baseId: string,
): {
  jobs: Job[]
  items: UploadItem[]
  emptyFolders: string[][]
} {
  const jobs: Job[] = []
  const items: UploadItem[] = []
  const emptyFolders: string[][] = []
  for (const p of picked) {
    if (p.file === EMPTY_FOLDER) {
      emptyFolders.push(p.folders)
      continue
    }
    const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
    items.push({
      key,
      name: p.file.name,
      path: p.folders.join('/'),
      status: 'queued',
      sent: 0,
      total: p.file.size,
    })
    jobs.push({ key, picked: p, baseId })
  }
  return { jobs, items, emptyFolders }
}

/** What a job's upload tells the queue: a change to its row, its end, and the file once it is in. */
export interface JobReport {
  change(key: string, patch: Partial<UploadItem>): void
  settle(key: string, patch: Partial<UploadItem>): void
  uploaded(file: { id: string | undefined; name: string; folderId: string }): void
}

/** Starts a job's tus upload into the folder `targetId`. */
export function startJob({ key, picked }: Job, targetId: string, report: JobReport): RunningUpload {
  return startTusUpload(
    picked.file,
    { folderId: targetId, name: picked.file.name },
    {
      onProgress: (sent, total) => report.change(key, { sent, total, status: 'uploading' }),
      onRetry: () => report.change(key, { status: 'retrying' }),
      onSuccess: (id) => {
        report.settle(key, { status: 'done', fileId: id, sent: picked.file.size })
        report.uploaded({ id, name: picked.file.name, folderId: targetId })
      },
      onError: (message) => report.settle(key, { status: 'failed', error: message }),
    },
  )
}

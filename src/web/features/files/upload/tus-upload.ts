import { Upload, type UploadOptions } from 'tus-js-client'
import { FILE_ID_HEADER, UPLOADS_ENDPOINT } from '../../../../shared/contract/files-transfer'

// One file through the tus protocol (docs/decisions/0028). tus-js-client retries with these delays
// when the connection drops: it asks the server for the offset (HEAD) and goes on from there. The
// fingerprint kept in localStorage lets a reloaded page resume an unfinished upload of the same file.

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000]
/** Each PATCH carries at most this much: a proxy's body limit never cuts a huge file's one request. */
const CHUNK_BYTES = 64 * 1024 * 1024
/**
 * Files up to this size go in the creation request itself (tus creation-with-upload): one round trip
 * a file instead of two. Larger ones are created first, so a dropped connection loses no data sent.
 */
export const ONE_REQUEST_BYTES = 4 * 1024 * 1024

export interface TusCallbacks {
  onProgress(sent: number, total: number): void
  onRetry(): void
  onSuccess(fileId: string | undefined): void
  onError(message: string): void
}

export interface RunningUpload {
  /** Stops and discards the upload on the server (tus termination). */
  cancel(): Promise<void>
}

export type UploadTarget = { folderId: string; name: string } | { replaceFileId: string }

/**
 * The tus-js-client options the web app uploads with (the benchmark uses them too): where, what, how
 * to retry, and which answers to report. `onFileId` hears the file the server made once it is complete.
 */
export function tusUploadOptions(
  file: { size: number; type: string },
  target: UploadTarget,
  callbacks: TusCallbacks,
): UploadOptions {
  let fileId: string | undefined
  const metadata: Record<string, string> =
    'replaceFileId' in target
      ? { file_id: target.replaceFileId, filetype: file.type }
      : { filename: target.name, folder_id: target.folderId, filetype: file.type }
  return {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    uploadDataDuringCreation: file.size <= ONE_REQUEST_BYTES,
    metadata,
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onShouldRetry: (error, _attempt, options) => {
      const status =
        (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? 0
      // 4xx are answers (too large, no rights, gone), except 409/423: the server still had the
      // previous request's connection open, so ask for the offset again.
      const retry = status === 0 || status >= 500 || status === 409 || status === 423
      if (retry && options.retryDelays) callbacks.onRetry()
      return retry
    },
    onAfterResponse: (_req, res) => {
      const id = res.getHeader(FILE_ID_HEADER)
      if (id) fileId = id
    },
    onSuccess: () => callbacks.onSuccess(fileId),
    onError: (error) => callbacks.onError(problemMessage(error)),
  }
}

export function startTusUpload(file: File, target: UploadTarget, callbacks: TusCallbacks): RunningUpload {
  const upload = new Upload(file, {
    ...tusUploadOptions(file, target, callbacks),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
  })
  // Resume an unfinished upload of this very file (same name, size, date) after a reload.
  void upload.findPreviousUploads().then((previous) => {
    const latest = previous.sort((a, b) => (a.creationTime < b.creationTime ? 1 : -1))[0]
    if (latest) upload.resumeFromPreviousUpload(latest)
    upload.start()
  })
  return { cancel: () => upload.abort(true) }
}

/** The server's problem detail when it sent one, else a plain sentence. */
function problemMessage(error: Error): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } })
    .originalResponse
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as {
        detail?: string
        title?: string
        errors?: Record<string, string[]>
      }
      // A refused name says why per field ("A name cannot end with a dot or a space.").
      const fieldMessage = Object.values(body.errors ?? {}).flat()[0]
      if (fieldMessage) return fieldMessage
      if (body.detail || body.title) return body.detail ?? body.title!
    } catch {
      // not JSON: fall through
    }
    if (response.getStatus() === 413) return 'This file is larger than the server accepts.'
  }
  return 'The upload failed. Check your connection and try again.'
}

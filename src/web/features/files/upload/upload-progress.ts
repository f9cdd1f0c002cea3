// The upload list's state, as plain data and pure functions (unit-tested without a browser).

export type UploadStatus = 'queued' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled'

export interface UploadItem {
  key: string
  name: string
  /** Where it goes, for display: "Photos/2024". */
  path: string
  status: UploadStatus
  sent: number
  total: number
  error?: string
  fileId?: string
}

export interface Overall {
  sent: number
  total: number
  done: number
  failed: number
  active: number
  count: number
}

/** Totals over the items still counting: cancelled ones drop out of the overall bar. */
export function overall(items: readonly UploadItem[]): Overall {
  const counted = items.filter((i) => i.status !== 'cancelled')
  return {
    sent: counted.reduce((s, i) => s + (i.status === 'done' ? i.total : i.sent), 0),
    total: counted.reduce((s, i) => s + i.total, 0),
    done: counted.filter((i) => i.status === 'done').length,
    failed: counted.filter((i) => i.status === 'failed').length,
    active: counted.filter(
      (i) => i.status === 'uploading' || i.status === 'retrying' || i.status === 'queued',
    ).length,
    count: counted.length,
  }
}

export function update(items: readonly UploadItem[], key: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i))
}

/** Below this many files the details show at first; above it the panel is one summary line. */
export const DETAILS_OPEN_UP_TO = 5

/** Bytes per second since the batch began; undefined until there is something to measure. */
export function speed(sentInBatch: number, elapsedMs: number): number | undefined {
  return elapsedMs >= 1000 && sentInBatch > 0 ? (sentInBatch * 1000) / elapsedMs : undefined
}

/** "about 2 min left", "about 40 s left", or undefined while the speed is unknown. */
export function timeLeft(remainingBytes: number, bytesPerSecond: number | undefined): string | undefined {
  if (!bytesPerSecond || remainingBytes <= 0) return undefined
  const seconds = Math.ceil(remainingBytes / bytesPerSecond)
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} s left`
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`
  return `about ${Math.round(seconds / 360) / 10} h left`
}

/** The panel's headline: what is happening now, or how the batch ended. */
export function headline(o: Overall): string {
  const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`
  if (o.active > 0) return `Uploading ${files(o.count)} · ${o.done} done`
  if (o.failed > 0) return `${o.done} of ${files(o.count)} uploaded · ${o.failed} failed`
  return `${files(o.done)} uploaded`
}

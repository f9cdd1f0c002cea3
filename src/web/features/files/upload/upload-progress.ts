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

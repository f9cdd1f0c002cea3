import type { PrivacyExport } from '../../../../shared/contract/inbox-staff'

/** `inbox-export-ada-example.com-2026-11-23.json`: names the person and the day, safe as a file name. */
export function exportFileName(data: Pick<PrivacyExport, 'email' | 'exportedAt'>): string {
  const who = data.email.replace(/[^a-z0-9.@_-]+/gi, '-').replace('@', '-')
  return `inbox-export-${who}-${data.exportedAt.slice(0, 10)}.json`
}

/** Saves the export as a JSON file through a temporary link (the data is already in the page). */
export function downloadJson(data: PrivacyExport): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = exportFileName(data)
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

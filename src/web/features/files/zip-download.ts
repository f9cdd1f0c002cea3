import { useState } from 'react'
import { useFileAddresses } from './file-addresses'

// A folder's zip, fetched as a stream so the page can show how far it is (the server sends an exact
// Content-Length), then handed to the browser as a download (docs/product-notes.md, file manager).

export interface ZipProgress {
  received: number
  total: number | null
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1]
  if (star) {
    try {
      return decodeURIComponent(star)
    } catch {
      // fall through to the plain name
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback
}

export function useZipDownload() {
  const { zip: zipUrl } = useFileAddresses()
  const [progress, setProgress] = useState<ZipProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = async (folder: { id: string; folder_name: string }) => {
    setError(null)
    setProgress({ received: 0, total: null })
    try {
      const res = await fetch(zipUrl(folder.id), { credentials: 'same-origin' })
      if (!res.ok || !res.body) throw new Error(`The server answered ${res.status}.`)
      const length = Number(res.headers.get('content-length'))
      const total = Number.isFinite(length) && length > 0 ? length : null
      const reader = res.body.getReader()
      const chunks: Uint8Array[] = []
      let received = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        received += value.byteLength
        setProgress({ received, total })
      }
      const blob = new Blob(chunks as BlobPart[], { type: 'application/zip' })
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = fileNameFrom(res.headers.get('content-disposition'), `${folder.folder_name}.zip`)
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The download failed.')
    } finally {
      setProgress(null)
    }
  }
  return { start, progress, error }
}

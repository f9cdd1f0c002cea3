import { Readable } from 'node:stream'
import { type ZipEntry, zipLength, zipStream } from '../zip/stored-zip'
import { contentDisposition } from './content-disposition'
import { SANDBOX_CSP } from './presentation-policy'

/**
 * A folder as a stored zip download named `<name>.zip`, its length known up front; streamed entry by
 * entry, so memory does not grow with the folder. A HEAD answers the headers without reading a blob.
 */
export function zipDownloadResponse(name: string, entries: readonly ZipEntry[], method: string): Response {
  const headers = {
    'Content-Type': 'application/zip',
    'Content-Length': String(zipLength(entries)),
    'Content-Disposition': contentDisposition('attachment', `${name}.zip`),
    'Content-Security-Policy': SANDBOX_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  }
  if (method === 'HEAD') return new Response(null, { status: 200, headers })
  const body = Readable.toWeb(
    Readable.from(zipStream(entries), { objectMode: false }),
  ) as ReadableStream<Uint8Array>
  return new Response(body, { status: 200, headers })
}

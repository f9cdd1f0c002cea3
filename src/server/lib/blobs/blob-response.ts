import type { Context } from 'hono'
import type { AppEnv } from '../../deps'
import { nodeBodyResponse } from '../http/node-body'
import { HttpProblem } from '../http/problem'
import { RangeNotSatisfiableError } from '../storage'
import { contentDisposition } from './content-disposition'
import { contentEtag } from './etag'
import type { Presentation } from './presentation-policy'
import { etagMatches, requestedRange } from './range-header'

// Sends a stored blob as an HTTP response, after the caller has checked access: ETag and 304, one
// byte range (206/416), Content-Length, RFC 6266 file name, nosniff and the presentation's CSP. The
// body streams from the BlobStore straight into Node's response (node-body.ts); nothing is buffered. Behind nginx (DOWNLOAD_ACCEL_PREFIX, disk
// driver) the body is handed off with X-Accel-Redirect and nginx serves the bytes and the ranges.

export interface BlobToSend {
  key: string
  sha256: string | null
  filename: string
  presentation: Presentation
  /** 'private, no-cache' unless said otherwise (a paid download behind a signed link: no-store). */
  cacheControl?: string
}

export async function sendBlob(c: Context<AppEnv>, blob: BlobToSend): Promise<Response> {
  const { storage, env } = c.var.deps
  // The content hash when we have it; the key otherwise (blobs are immutable under their key).
  const etag = contentEtag(blob.sha256, blob.key)
  const headers: Record<string, string> = {
    ETag: etag,
    // Per user and rights can change: the browser may keep it but must ask again each time.
    'Cache-Control': blob.cacheControl ?? 'private, no-cache',
    'Content-Type': blob.presentation.contentType,
    'Content-Disposition': contentDisposition(blob.presentation.disposition, blob.filename),
    'Content-Security-Policy': blob.presentation.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': blob.presentation.frameable ? 'SAMEORIGIN' : 'DENY',
    'Accept-Ranges': 'bytes',
  }
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

  if (env.downloadAccelPrefix && storage.driver === 'disk') {
    // nginx maps the internal location onto DATA_DIR/blobs (docs/nginx-downloads.md); the key's last
    // two hex digits are its folder there (disk-blob-store.ts).
    const location = `${env.downloadAccelPrefix}${blob.key.slice(-2).toLowerCase()}/${blob.key}`
    return new Response(null, { status: 200, headers: { ...headers, 'X-Accel-Redirect': location } })
  }

  const range = requestedRange(c.req.header('range'), c.req.header('if-range'), etag)
  let read: Awaited<ReturnType<typeof storage.get>>
  try {
    read = await storage.get(blob.key, { range })
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) {
      throw new HttpProblem(
        416,
        'range_not_satisfiable',
        'The requested range is outside the file.',
        undefined,
        {
          'Content-Range': `bytes */${error.size}`,
        },
      )
    }
    throw error
  }
  headers['Content-Length'] = String(read.contentLength)
  if (c.req.method === 'HEAD') {
    read.body.destroy()
    return new Response(null, { status: read.range ? 206 : 200, headers })
  }
  if (read.range) headers['Content-Range'] = `bytes ${read.range.start}-${read.range.end}/${read.size}`
  const status = read.range ? 206 : 200
  if (read.contentLength === 0) {
    read.body.destroy()
    return new Response(null, { status, headers })
  }
  return nodeBodyResponse(c, read.body, { status, headers })
}

import { Readable } from 'node:stream'
import { idParamSchema } from '../../../../shared/contract/files-transfer'
import { contentDisposition } from '../../../lib/http/content-disposition'
import { SANDBOX_CSP } from '../../../lib/http/presentation-policy'
import { defineRoute } from '../../../lib/http/route'
import { zipLength, zipStream } from '../../../lib/zip/stored-zip'
import { folderZipEntries } from './folder-zip.service'

export const folderZipRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/zip',
    summary: 'Downloads a folder as a streamed zip of what the caller can read (exact Content-Length)',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: {
      200: { description: 'A stored (uncompressed) zip, zip64 when large', contentType: 'application/zip' },
      404: { description: 'No such folder, trashed, or not visible to the caller' },
    },
    handler: async (c, { params }) => {
      const { name, entries } = await folderZipEntries(c.var.deps, c.var.caller, params.id)
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Length': String(zipLength(entries)),
        'Content-Disposition': contentDisposition('attachment', `${name}.zip`),
        'Content-Security-Policy': SANDBOX_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      }
      if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
      const body = Readable.toWeb(
        Readable.from(zipStream(entries), { objectMode: false }),
      ) as ReadableStream<Uint8Array>
      return new Response(body, { status: 200, headers })
    },
  }),
]

import { idParamSchema } from '../../../../shared/contract/files-transfer'
import { previewAndDownloadRoutes } from '../../../lib/blobs/blob-routes'
import { etagHeader, ifNoneMatchHeader } from '../../../lib/http/documented-headers'
import { defineRoute } from '../../../lib/http/route'
import { fileToSend, thumbnailBytes, thumbnailSource } from './downloads.service'

// Downloads, previews and thumbnails as HTTP (downloads.service.ts decides what may be sent).

export const downloadsRoutes = [
  ...previewAndDownloadRoutes({
    path: '/api/files/:id',
    summaries: {
      inline: 'Shows a file inline when it is safe to (images, PDF, audio, video, text); else as a download',
      attachment: 'Downloads a file (attachment), with ranges and ETag',
    },
    tags: ['files'],
    access: 'signedIn',
    params: idParamSchema,
    problems: { 404: { description: 'No such file, trashed, or not visible to the caller' } },
    blob: (c, { params }, disposition) => fileToSend(c.var.deps, c.var.caller, params.id, disposition),
  }),
  defineRoute({
    method: 'get',
    path: '/api/files/:id/thumbnail',
    summary: 'A 256 px WebP thumbnail of an image file, for the grid view',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema, headers: ifNoneMatchHeader },
    responses: {
      200: { description: 'WebP', contentType: 'image/webp', headers: etagHeader },
      304: { description: 'Not modified', headers: etagHeader },
      404: { description: 'No such file, not an image, or not visible to the caller' },
    },
    handler: async (c, { params }) => {
      const source = await thumbnailSource(c.var.deps, c.var.caller, params.id)
      const headers = {
        ETag: source.etag,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      }
      if (c.req.header('if-none-match') === source.etag) return new Response(null, { status: 304, headers })
      const bytes = await thumbnailBytes(c.var.deps, source)
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/webp' },
      })
    },
  }),
]

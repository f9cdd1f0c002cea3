import type { Context } from 'hono'
import { idParamSchema } from '../../../shared/contract/files-transfer'
import type { AppEnv } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { sendBlob } from './blob-response'
import { requireFile } from './file-access'
import { presentation } from './presentation-policy'
import { canThumbnail, thumbnailFor } from './thumbnails'

// Downloads, previews and thumbnails (product.md §2 "Downloads"). Viewer on the file's folder;
// trashed files and folders the caller cannot open are 404.

const fileResponses = {
  200: { description: 'The bytes', contentType: 'application/octet-stream' },
  206: { description: 'One byte range' },
  304: { description: 'Not modified (If-None-Match)' },
  404: { description: 'No such file, trashed, or not visible to the caller' },
  416: { description: 'Range outside the file' },
}

async function serveFile(c: Context<AppEnv>, id: string, wanted: 'inline' | 'attachment') {
  const { file } = await requireFile(c.var.deps.database.db, c.var.caller, id, 'viewer')
  return sendBlob(c, {
    key: file.path,
    size: Number(file.size),
    sha256: file.sha256,
    filename: file.filename,
    presentation: presentation(file.mimetype, wanted),
  })
}

export const downloadsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/files/:id/download',
    summary: 'Downloads a file (attachment), with ranges and ETag',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: fileResponses,
    handler: (c, { params }) => serveFile(c, params.id, 'attachment'),
  }),
  defineRoute({
    method: 'get',
    path: '/api/files/:id/preview',
    summary: 'Shows a file inline when it is safe to (images, PDF, audio, video, text); else as a download',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: fileResponses,
    handler: (c, { params }) => serveFile(c, params.id, 'inline'),
  }),
  defineRoute({
    method: 'get',
    path: '/api/files/:id/thumbnail',
    summary: 'A 256 px WebP thumbnail of an image file, for the grid view',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: {
      200: { description: 'WebP', contentType: 'image/webp' },
      304: { description: 'Not modified' },
      404: { description: 'No such file, not an image, or not visible to the caller' },
    },
    handler: async (c, { params }) => {
      const { deps } = c.var
      const { file } = await requireFile(deps.database.db, c.var.caller, params.id, 'viewer')
      if (!canThumbnail(file.mimetype))
        throw new HttpProblem(404, 'no_thumbnail', 'Only images have thumbnails.')
      const etag = `"thumb-${file.sha256 ?? file.path}"`
      const headers = {
        ETag: etag,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      }
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
      let bytes: Buffer
      try {
        bytes = await thumbnailFor(deps.env.dataDir, deps.storage, file.path)
      } catch (error) {
        deps.logger.info({ err: error, fileId: file.id }, 'no thumbnail: the image could not be read')
        throw new HttpProblem(404, 'no_thumbnail', 'This image could not be read.')
      }
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': 'image/webp' },
      })
    },
  }),
]

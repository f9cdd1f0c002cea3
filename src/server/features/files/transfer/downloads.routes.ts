import type { Context } from 'hono'
import { idParamSchema } from '../../../../shared/contract/files-transfer'
import type { AppEnv } from '../../../deps'
import { sendBlob } from '../../../lib/http/blob-response'
import {
  acceptRangesHeader,
  contentRangeHeader,
  etagHeader,
  ifNoneMatchHeader,
  rangeRequestHeaders,
} from '../../../lib/http/documented-headers'
import { defineRoute } from '../../../lib/http/route'
import { fileToSend, thumbnailBytes, thumbnailSource } from './downloads.service'

// Downloads, previews and thumbnails as HTTP (downloads.service.ts decides what may be sent).

const fileResponses = {
  200: {
    description: 'The bytes, in the file’s own type (text previews as text/plain)',
    contentType: '*/*',
    headers: { ...etagHeader, ...acceptRangesHeader },
  },
  206: {
    description: 'One byte range',
    contentType: '*/*',
    headers: { ...etagHeader, ...acceptRangesHeader, ...contentRangeHeader('`bytes first-last/size`') },
  },
  304: { description: 'Not modified (If-None-Match)', headers: { ...etagHeader, ...acceptRangesHeader } },
  404: { description: 'No such file, trashed, or not visible to the caller' },
  416: {
    description: 'Range outside the file',
    headers: contentRangeHeader('`bytes */size`'),
  },
}

async function serveFile(c: Context<AppEnv>, id: string, wanted: 'inline' | 'attachment') {
  return sendBlob(c, await fileToSend(c.var.deps, c.var.caller, id, wanted))
}

export const downloadsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/files/:id/download',
    summary: 'Downloads a file (attachment), with ranges and ETag',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema, headers: rangeRequestHeaders },
    responses: fileResponses,
    handler: (c, { params }) => serveFile(c, params.id, 'attachment'),
  }),
  defineRoute({
    method: 'get',
    path: '/api/files/:id/preview',
    summary: 'Shows a file inline when it is safe to (images, PDF, audio, video, text); else as a download',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema, headers: rangeRequestHeaders },
    responses: fileResponses,
    handler: (c, { params }) => serveFile(c, params.id, 'inline'),
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

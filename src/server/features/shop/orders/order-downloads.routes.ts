import { z } from 'zod'
import { sendBlob } from '../../../lib/blobs/blob-response'
import {
  acceptRangesHeader,
  contentRangeHeader,
  etagHeader,
  rangeRequestHeaders,
} from '../../../lib/http/documented-headers'
import { defineRoute } from '../../../lib/http/route'
import { download } from './orders.service'

// A paid order's files behind expiring signed links (product.md §3): the link is the credential. The
// file is sent like every stored file (blob-response.ts), so an interrupted download can resume.

export const orderDownloadsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/downloads/:token',
    summary: 'A paid order’s file, behind an expiring signed link (refused once refunded or expired)',
    tags: ['shop'],
    access: 'public',
    request: { params: z.object({ token: z.string().min(10).max(4200) }), headers: rangeRequestHeaders },
    responses: {
      200: {
        description: 'The file, in its own type, as an attachment',
        contentType: '*/*',
        headers: { ...etagHeader, ...acceptRangesHeader },
      },
      206: {
        description: 'One byte range',
        contentType: '*/*',
        headers: { ...etagHeader, ...acceptRangesHeader, ...contentRangeHeader('`bytes first-last/size`') },
      },
      304: { description: 'Not modified (If-None-Match)', headers: { ...etagHeader, ...acceptRangesHeader } },
      403: { description: 'The order gives no access to downloads (refunded)' },
      404: { description: 'The link has expired or is not valid, or the product has no file' },
      416: { description: 'Range outside the file', headers: contentRangeHeader('`bytes */size`') },
    },
    handler: async (c, { params }) => sendBlob(c, await download(c.var.deps, params.token)),
  }),
]

import { z } from 'zod'
import { defineRoute } from '../../../lib/http/route'
import { download } from './orders.service'

// A paid order's files behind expiring signed links (product.md §3): the link is the credential.

export const orderDownloadsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/downloads/:token',
    summary: 'A paid order’s file, behind an expiring signed link (refused once refunded or expired)',
    tags: ['shop'],
    access: 'public',
    request: { params: z.object({ token: z.string().min(10).max(4200) }) },
    responses: {
      200: { description: 'The file, in its own type', contentType: '*/*' },
      403: { description: 'The order gives no access to downloads (refunded)' },
      404: { description: 'The link has expired or is not valid, or the product has no file' },
    },
    handler: (c, { params }) => download(c.var.deps, params.token),
  }),
]

import { z } from 'zod'
import { sendBlob } from '../../../lib/blobs/blob-response'
import { presentation } from '../../../lib/blobs/presentation-policy'
import {
  acceptRangesHeader,
  contentRangeHeader,
  etagHeader,
  rangeRequestHeaders,
} from '../../../lib/http/documented-headers'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import type { TriageKind } from '../triage/triage-access'
import { findAttachment } from './attachments.service'

// A customer's attachment, downloaded by staff who can see its entry (decision 0128). Always as an
// attachment (never shown inline under our origin), with nosniff and the sandbox CSP of sendBlob.

const STAFF: RouteAccess = { staff: ['ManageFeedback'] }
const params = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() })

function attachmentRoute(kind: TriageKind, base: string, noun: string) {
  return defineRoute({
    method: 'get',
    path: `${base}/:id/attachments/:attachmentId`,
    summary: `Downloads an attachment of a customer's e-mail on one ${noun}`,
    tags: ['inbox'],
    access: STAFF,
    request: { params, headers: rangeRequestHeaders },
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
      404: { description: 'No such entry or attachment' },
      416: { description: 'Range outside the file', headers: contentRangeHeader('`bytes */size`') },
    },
    handler: async (c, { params: p }) => {
      const row = await findAttachment(c.var.deps, c.var.caller, kind, p.id, p.attachmentId)
      return sendBlob(c, {
        key: row.blob_key,
        sha256: null,
        filename: row.filename,
        presentation: presentation(row.mimetype, 'attachment'),
      })
    },
  })
}

export const inboundAttachmentRoutes = [
  attachmentRoute('quote', '/api/inbox/quotes', 'quote request'),
  attachmentRoute('contact', '/api/inbox/contacts', 'contact message'),
]

import { z } from 'zod'
import {
  creditNoteParamsSchema,
  documentExportQuerySchema,
  orderDocumentsSchema,
} from '../../../../shared/contract/shop/invoices'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import { creditNotePdf, type DocumentScope, invoicePdf, orderDocuments } from './invoices.service'
import { exportDocuments } from './invoices-export.service'

// Invoices and credit notes (docs/decisions/0126): the buyer's under their order, staff's under the
// staff order, and the accountant's export of a period as one zip.

const SHOP_STAFF: RouteAccess = { staff: ['AccessShop'] }
const idParams = z.object({ id: z.string().uuid() })
const pdf = { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } }

function documentRoutes(scope: DocumentScope) {
  const prefix = scope === 'own' ? '/api/shop/orders/:id' : '/api/staff/orders/:id'
  const access: RouteAccess = scope === 'own' ? 'signedIn' : SHOP_STAFF
  const whose = scope === 'own' ? 'your order' : 'any order (shop staff)'
  return [
    defineRoute({
      method: 'get',
      path: `${prefix}/documents`,
      summary: `The invoice and credit notes of ${whose}`,
      tags: ['shop'],
      access,
      request: { params: idParams },
      responses: { 200: { description: 'The documents', schema: orderDocumentsSchema } },
      handler: (c, { params }) => orderDocuments(c.var.deps, c.var.caller, params.id, scope),
    }),
    defineRoute({
      method: 'get',
      path: `${prefix}/invoice.pdf`,
      summary: `The invoice of ${whose}, as a PDF`,
      tags: ['shop'],
      access,
      request: { params: idParams },
      responses: pdf,
      handler: (c, { params }) => invoicePdf(c.var.deps, c.var.caller, params.id, scope),
    }),
    defineRoute({
      method: 'get',
      path: `${prefix}/credit-notes/:noteId`,
      summary: `A credit note of ${whose}, as a PDF`,
      tags: ['shop'],
      access,
      request: { params: creditNoteParamsSchema },
      responses: pdf,
      handler: (c, { params }) => creditNotePdf(c.var.deps, c.var.caller, params, scope),
    }),
  ]
}

export const invoicesRoutes = [
  ...documentRoutes('own'),
  ...documentRoutes('staff'),
  defineRoute({
    method: 'get',
    path: '/api/staff/invoices/export.zip',
    summary:
      'Every invoice and credit note issued in a period (UTC days), as PDFs in one zip with a CSV index',
    tags: ['shop'],
    access: SHOP_STAFF,
    request: { query: documentExportQuerySchema },
    responses: {
      200: {
        description: 'A stored zip: index.csv, invoices/, credit-notes/',
        contentType: 'application/zip',
      },
    },
    handler: (c, { query }) => exportDocuments(c.var.deps, c.var.caller, query, c.req.method),
  }),
]

import { z } from 'zod'
import {
  bulkActionSchema,
  bulkResultSchema,
  contactDetailSchema,
  contactListQuerySchema,
  contactListSchema,
  ebookBulkActionSchema,
  ebookEntrySchema,
  ebookListQuerySchema,
  ebookListSchema,
  quoteDetailSchema,
  quoteListQuerySchema,
  quoteListSchema,
  statusChangeSchema,
} from '../../../../shared/contract/inbox-staff'
import { csvResponse } from '../../../lib/csv/csv-response'
import { defineRoute } from '../../../lib/http/route'
import type { RouteAccess } from '../../../policies/route-access'
import {
  deleteEbookEntries,
  deleteEbookEntry,
  exportEbookList,
  getEbookRequest,
  listEbookRequests,
} from '../ebook-list.service'
import type { TriageKind } from './triage-access'
import { applyBulk } from './triage-bulk.service'
import { changeStatus, deleteEntry } from './triage-entry.service'
import { exportContacts, exportQuotes } from './triage-export.service'
import { getContact, getQuote, listContacts, listQuotes } from './triage-tables.service'

// Staff triage (product.md §4): the quotes, contacts and e-book tables for ManageFeedback staff and
// admins. Exports are declared before `/:id` so the literal path wins.

const STAFF: RouteAccess = { staff: ['ManageFeedback'] }
const idParams = z.object({ id: z.string().uuid() })
const csv = { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } }
const stamp = (now: Date) => now.toISOString().slice(0, 10)

/** Status, delete and bulk: the same for quotes and contacts. */
function entryRoutes(kind: TriageKind, base: string, detail: z.ZodType, noun: string) {
  return [
    defineRoute({
      method: 'patch',
      path: `${base}/:id`,
      summary: `Resolves or reopens one ${noun} (recording who and when); the same status again changes nothing`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams, body: statusChangeSchema },
      responses: { 200: { description: `The ${noun} as it is now`, schema: detail } },
      handler: (c, { params, body }) => changeStatus(c.var.deps, c.var.caller, kind, params.id, body.status),
    }),
    defineRoute({
      method: 'delete',
      path: `${base}/:id`,
      summary: `Deletes one ${noun}`,
      tags: ['inbox'],
      access: STAFF,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' } },
      handler: async (c, { params }) => {
        await deleteEntry(c.var.deps, c.var.caller, kind, params.id)
        return undefined
      },
    }),
    defineRoute({
      method: 'post',
      path: `${base}/bulk`,
      summary: `Resolves, reopens or deletes several ${noun}s; one outcome per id`,
      tags: ['inbox'],
      access: STAFF,
      request: { body: bulkActionSchema },
      responses: { 200: { description: 'What happened to each', schema: bulkResultSchema } },
      handler: (c, { body }) => applyBulk(c.var.deps, c.var.caller, kind, body),
    }),
  ]
}

export const triageRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/inbox/quotes',
    summary: 'Quote requests: search, filter, sort and page',
    tags: ['inbox'],
    access: STAFF,
    request: { query: quoteListQuerySchema },
    responses: { 200: { description: 'A page of quote requests', schema: quoteListSchema } },
    handler: (c, { query }) => listQuotes(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/quotes/export.csv',
    summary: 'Every quote request matching the filters, as CSV (audited)',
    tags: ['inbox'],
    access: STAFF,
    request: { query: quoteListQuerySchema },
    responses: csv,
    handler: async (c, { query }) =>
      csvResponse(
        await exportQuotes(c.var.deps, c.var.caller, query),
        `quote-requests-${stamp(c.var.deps.clock())}.csv`,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/quotes/:id',
    summary: 'One quote request with its whole message',
    tags: ['inbox'],
    access: STAFF,
    request: { params: idParams },
    responses: { 200: { description: 'The quote request', schema: quoteDetailSchema } },
    handler: (c, { params }) => getQuote(c.var.deps, c.var.caller, params.id),
  }),
  ...entryRoutes('quote', '/api/inbox/quotes', quoteDetailSchema, 'quote request'),

  defineRoute({
    method: 'get',
    path: '/api/inbox/contacts',
    summary: 'Contact messages: search, filter, sort and page',
    tags: ['inbox'],
    access: STAFF,
    request: { query: contactListQuerySchema },
    responses: { 200: { description: 'A page of contact messages', schema: contactListSchema } },
    handler: (c, { query }) => listContacts(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/contacts/export.csv',
    summary: 'Every contact message matching the filters, as CSV (audited)',
    tags: ['inbox'],
    access: STAFF,
    request: { query: contactListQuerySchema },
    responses: csv,
    handler: async (c, { query }) =>
      csvResponse(
        await exportContacts(c.var.deps, c.var.caller, query),
        `contact-messages-${stamp(c.var.deps.clock())}.csv`,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/contacts/:id',
    summary: 'One contact message with its whole text',
    tags: ['inbox'],
    access: STAFF,
    request: { params: idParams },
    responses: { 200: { description: 'The message', schema: contactDetailSchema } },
    handler: (c, { params }) => getContact(c.var.deps, c.var.caller, params.id),
  }),
  ...entryRoutes('contact', '/api/inbox/contacts', contactDetailSchema, 'contact message'),

  defineRoute({
    method: 'get',
    path: '/api/inbox/ebook-requests',
    summary: 'The e-book list: search, filter by status and date, sort and page',
    tags: ['inbox'],
    access: STAFF,
    request: { query: ebookListQuerySchema },
    responses: { 200: { description: 'A page of addresses', schema: ebookListSchema } },
    handler: (c, { query }) => listEbookRequests(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/ebook-requests/export.csv',
    summary: 'Confirmed, subscribed addresses matching the filters, as CSV for a mailing tool (audited)',
    tags: ['inbox'],
    access: STAFF,
    request: { query: ebookListQuerySchema },
    responses: csv,
    handler: async (c, { query }) =>
      csvResponse(
        await exportEbookList(c.var.deps, c.var.caller, query),
        `ebook-list-${stamp(c.var.deps.clock())}.csv`,
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/inbox/ebook-requests/:id',
    summary: 'One address on the e-book list',
    tags: ['inbox'],
    access: STAFF,
    request: { params: idParams },
    responses: { 200: { description: 'The entry', schema: ebookEntrySchema } },
    handler: (c, { params }) => getEbookRequest(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/inbox/ebook-requests/:id',
    summary: 'Deletes one address from the e-book list',
    tags: ['inbox'],
    access: STAFF,
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' } },
    handler: async (c, { params }) => {
      await deleteEbookEntry(c.var.deps, c.var.caller, params.id)
      return undefined
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/inbox/ebook-requests/bulk',
    summary: 'Deletes several addresses from the e-book list; one outcome per id',
    tags: ['inbox'],
    access: STAFF,
    request: { body: ebookBulkActionSchema },
    responses: { 200: { description: 'What happened to each', schema: bulkResultSchema } },
    handler: (c, { body }) => deleteEbookEntries(c.var.deps, c.var.caller, body.ids),
  }),
]

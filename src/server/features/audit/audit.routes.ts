import { auditListQuerySchema, auditListSchema } from '../../../shared/contract/audit'
import { csvResponse } from '../../lib/csv/csv-response'
import { defineRoute } from '../../lib/http/route'
import { exportAuditEvents, listAuditEvents } from './audit-log.service'

// The audit log for admins (product.md §6): the table and its CSV export.

export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log: search, filter by action and date, sort and page',
    tags: ['admin'],
    access: 'admin',
    request: { query: auditListQuerySchema },
    responses: { 200: { description: 'A page of audit events', schema: auditListSchema } },
    handler: (c, { query }) => listAuditEvents(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/audit/export.csv',
    summary: 'Every audit event matching the filters, as CSV (the export is itself audited)',
    tags: ['admin'],
    access: 'admin',
    request: { query: auditListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) => {
      const stamp = c.var.deps.clock().toISOString().slice(0, 10)
      return csvResponse(await exportAuditEvents(c.var.deps, c.var.caller, query), `audit-log-${stamp}.csv`)
    },
  }),
]

import type { Kysely } from 'kysely'
import type { AuditListQuery } from '../../../shared/contract/audit'
import type { DB } from '../../db/schema'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'

// Named queries for reading the audit log (writing is recordAudit in audit.service.ts).

export const AUDIT_LIST_COLUMNS: ListColumns<DB, 'audit_events', AuditListQuery['sort']> = {
  searchColumns: [
    'audit_events.action',
    'audit_events.actorEmail',
    'audit_events.targetType',
    'audit_events.targetId',
    'audit_events.ipAddress',
  ],
  sortColumns: {
    createdAt: 'audit_events.createdAt',
    action: 'audit_events.action',
    actorEmail: 'audit_events.actorEmail',
  },
  idColumn: 'audit_events.id',
}

/** The events matching the table's filters (not yet searched, sorted or paged). */
export function filteredAuditEvents(db: Kysely<DB>, query: AuditListQuery) {
  let qb = db.selectFrom('audit_events').selectAll('audit_events')
  if (query.action) qb = qb.where('audit_events.action', '=', query.action)
  if (query.from || query.to) qb = qb.where(dateRangeFilter('audit_events.createdAt', query))
  return qb
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof filteredAuditEvents>['executeTakeFirstOrThrow']>>

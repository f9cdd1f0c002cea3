import type { AuditListQuery } from '../../../shared/contract/audit'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import { problems } from '../../lib/http/problem'
import { applySearchAndSort, fetchListPage } from '../../lib/list-query/apply-list-query'
import { queryInBatches } from '../../lib/list-query/query-batches'
import type { Actor } from '../../policies/actor'
import { canReadAuditLog } from '../../policies/audit.policy'
import type { ActorInfo } from '../admin/user-access.service'
import { idsToName, presentAuditEvent } from './audit.presenter'
import { AUDIT_LIST_COLUMNS, type AuditRow, auditNames, filteredAuditEvents } from './audit.repository'
import { recordExport } from './audit.service'

// The admins' audit log table and its CSV export (product.md §6). Reading the log is not itself
// recorded (it would drown the log); exporting it is, like every export.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

function authorize(actor: Actor) {
  if (!canReadAuditLog(actor)) throw problems.forbidden()
}

export async function listAuditEvents(deps: Deps, actor: Actor, query: AuditListQuery) {
  authorize(actor)
  const db = deps.database.db
  const page = await fetchListPage(filteredAuditEvents(db, query), query, AUDIT_LIST_COLUMNS)
  const names = { ...(await auditNames(db, idsToName(page.items))), currency: deps.env.shopCurrency }
  return { ...page, items: page.items.map((row) => presentAuditEvent(row, names)) }
}

const CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'createdAt', value: (r) => new Date(r.createdAt) },
  { header: 'action', value: (r) => r.action },
  { header: 'actorId', value: (r) => r.actorId },
  { header: 'actorEmail', value: (r) => r.actorEmail },
  { header: 'targetType', value: (r) => r.targetType },
  { header: 'targetId', value: (r) => r.targetId },
  { header: 'ipAddress', value: (r) => r.ipAddress },
  { header: 'userAgent', value: (r) => r.userAgent },
  { header: 'details', value: (r) => r.details },
]

/** Every event matching the table's filters and search (not just the page), streamed; audited. */
export async function exportAuditEvents(deps: Deps, by: ActorInfo, query: AuditListQuery) {
  authorize(by.actor)
  await recordExport(deps.database.db, by, 'audit_events', query, deps.clock())
  const ordered = applySearchAndSort(filteredAuditEvents(deps.database.db, query), query, AUDIT_LIST_COLUMNS)
  return csvStream(CSV_COLUMNS, queryInBatches(ordered))
}

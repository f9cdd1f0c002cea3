import type { AuditEventItem, AuditListQuery } from '../../../shared/contract/audit'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import { problems } from '../../lib/http/problem'
import { fetchListPage } from '../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../lib/list-query/query-batches'
import type { Actor } from '../../policies/actor'
import { canReadAuditLog } from '../../policies/audit.policy'
import type { ActorInfo } from '../admin/user-access.service'
import { AUDIT_LIST_COLUMNS, type AuditRow, filteredAuditEvents } from './audit.repository'
import { recordExport } from './audit.service'

// The admins' audit log table and its CSV export (product.md §6). Reading the log is not itself
// recorded (it would drown the log); exporting it is, like every export.

type Deps = Pick<AppDeps, 'database' | 'clock'>

function authorize(actor: Actor) {
  if (!canReadAuditLog(actor)) throw problems.forbidden()
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

const iso = (value: string | Date) => new Date(value).toISOString()

export function presentAuditEvent(row: AuditRow): AuditEventItem {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    action: row.action,
    actor: row.actorId || row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    details: parseDetails(row.details),
  }
}

export async function listAuditEvents(deps: Deps, actor: Actor, query: AuditListQuery) {
  authorize(actor)
  const page = await fetchListPage(filteredAuditEvents(deps.database.db, query), query, AUDIT_LIST_COLUMNS)
  return { ...page, items: page.items.map(presentAuditEvent) }
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
  const rows = keysetBatches(
    deps.database.dialect,
    filteredAuditEvents(deps.database.db, query),
    query,
    AUDIT_LIST_COLUMNS,
  )
  return csvStream(CSV_COLUMNS, rows)
}

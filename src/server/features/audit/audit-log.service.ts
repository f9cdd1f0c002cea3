import type { AuditEventItem, AuditListQuery } from '../../../shared/contract/audit'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { fetchListPage } from '../../lib/list-query/apply-list-query'
import { batchesOf, EXPORT_BATCH_ROWS, keysetBatches } from '../../lib/list-query/query-batches'
import { canReadAuditLog } from '../../policies/audit.policy'
import { idsToName, presentAuditEvent } from './audit.presenter'
import { AUDIT_LIST_COLUMNS, type AuditRow, auditNames, filteredAuditEvents } from './audit.repository'
import { recordExport } from './audit.service'

// The admins' audit log table and its CSV export (product.md §6). Reading the log is not itself
// recorded (it would drown the log); exporting it is, like every export.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

function authorize(actor: Caller) {
  if (!canReadAuditLog(actor)) throw problems.forbidden()
}

export async function listAuditEvents(deps: Deps, actor: Caller, query: AuditListQuery) {
  authorize(actor)
  const db = deps.database.db
  const page = await fetchListPage(filteredAuditEvents(db, query), query, AUDIT_LIST_COLUMNS)
  const names = { ...(await auditNames(db, idsToName(page.items))), currency: deps.env.shopCurrency }
  return { ...page, items: page.items.map((row) => presentAuditEvent(row, names)) }
}

type CsvEvent = { row: AuditRow; item: AuditEventItem }

/**
 * The raw record (ids, the details as JSON) and, after it, the same event as the table reads it:
 * the actor's and target's names and the summary in words (docs/product-notes.md, staff data).
 */
const CSV_COLUMNS: CsvColumn<CsvEvent>[] = [
  { header: 'id', value: ({ row: r }) => r.id },
  { header: 'createdAt', value: ({ row: r }) => new Date(r.createdAt) },
  { header: 'action', value: ({ row: r }) => r.action },
  { header: 'actorId', value: ({ row: r }) => r.actorId },
  { header: 'actorEmail', value: ({ row: r }) => r.actorEmail },
  { header: 'targetType', value: ({ row: r }) => r.targetType },
  { header: 'targetId', value: ({ row: r }) => r.targetId },
  { header: 'ipAddress', value: ({ row: r }) => r.ipAddress },
  { header: 'userAgent', value: ({ row: r }) => r.userAgent },
  { header: 'details', value: ({ row: r }) => r.details },
  { header: 'actorName', value: ({ item }) => item.actor?.name ?? null },
  { header: 'targetName', value: ({ item }) => item.target?.label ?? null },
  { header: 'summary', value: ({ item }) => item.summary },
]

/** Each batch of events presented with the names it mentions, looked up once per batch. */
async function* presented(deps: Deps, rows: AsyncIterable<AuditRow>): AsyncGenerator<CsvEvent> {
  for await (const batch of batchesOf(rows, EXPORT_BATCH_ROWS)) {
    const names = {
      ...(await auditNames(deps.database.db, idsToName(batch))),
      currency: deps.env.shopCurrency,
    }
    for (const row of batch) yield { row, item: presentAuditEvent(row, names) }
  }
}

/** Every event matching the table's filters and search (not just the page), streamed; audited. */
export async function exportAuditEvents(deps: Deps, by: Caller, query: AuditListQuery) {
  authorize(by)
  await recordExport(deps.database.db, by, 'audit_events', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    filteredAuditEvents(deps.database.db, query),
    query,
    AUDIT_LIST_COLUMNS,
  )
  return csvStream(CSV_COLUMNS, presented(deps, rows))
}

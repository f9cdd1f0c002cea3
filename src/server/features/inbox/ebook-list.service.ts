import type { BulkResult, EbookListQuery } from '../../../shared/contract/inbox-staff'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { fetchListPage, isUnfiltered } from '../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../lib/list-query/query-batches'
import { keptTotal } from '../../lib/list-query/row-counts.repository'
import { canTriageInbox } from '../../policies/inbox.policy'
import { recordAudit, recordExport } from '../audit/audit.service'
import {
  deleteEbookRequests,
  EBOOK_LIST_COLUMNS,
  type EbookRow,
  filteredEbookRequests,
  findEbookRequest,
  mailableEbookRequests,
} from './ebook.repository'
import { presentEbookEntry } from './inbox.presenter'

// The staff's e-book list (ManageFeedback staff and admins): the table, one entry, deletes, and the
// CSV a mailing tool imports.

type Deps = Pick<AppDeps, 'database' | 'clock'>

function authorize(actor: Caller) {
  if (!canTriageInbox(actor)) throw problems.forbidden()
}

export async function listEbookRequests(deps: Deps, actor: Caller, query: EbookListQuery) {
  authorize(actor)
  const { db } = deps.database
  const page = await fetchListPage(
    filteredEbookRequests(db, query),
    query,
    EBOOK_LIST_COLUMNS,
    keptTotal(db, 'ebook_requests', isUnfiltered(query)),
  )
  return { ...page, items: page.items.map((row) => presentEbookEntry(row, actor)) }
}

export async function getEbookRequest(deps: Deps, actor: Caller, id: string) {
  authorize(actor)
  const row = await findEbookRequest(deps.database.db, id)
  if (!row) throw problems.notFound('No such e-book request.')
  return presentEbookEntry(row, actor)
}

export async function deleteEbookEntries(
  deps: Deps,
  by: Caller,
  ids: readonly string[],
): Promise<BulkResult> {
  authorize(by)
  const distinct = [...new Set(ids)]
  const now = deps.clock()
  const deleted = await deps.database.db.transaction().execute(async (trx) => {
    // RETURNING gives no order on PostgreSQL: keep the order the ids were asked in.
    const returned = new Set(await deleteEbookRequests(trx, distinct))
    const gone = distinct.filter((id) => returned.has(id))
    if (gone.length > 0) {
      await recordAudit(
        trx,
        {
          action: 'inbox.deleted',
          actor: recordedAs(by),
          from: by.from,
          details: { table: 'ebook_requests', ids: gone },
        },
        now,
      )
    }
    return gone
  })
  return {
    results: distinct.map((id) => ({ id, outcome: deleted.includes(id) ? 'deleted' : 'not_found' })),
    changed: deleted.length,
  }
}

export async function deleteEbookEntry(deps: Deps, by: Caller, id: string): Promise<void> {
  const result = await deleteEbookEntries(deps, by, [id])
  if (result.changed === 0) throw problems.notFound('No such e-book request.')
}

/**
 * The CSV a mailing tool imports (Mailchimp's "Email Address" header): only confirmed addresses that
 * are still subscribed, whatever the table shows, narrowed further by the table's filters and search.
 * The opt-in date is when the owner confirmed (double opt-in).
 */
const MAILING_CSV: CsvColumn<EbookRow>[] = [
  { header: 'Email Address', value: (r) => r.email },
  { header: 'Opt-in Date', value: (r) => r.confirmedAt },
  { header: 'Source', value: (r) => r.source },
]

export async function exportEbookList(deps: Deps, by: Caller, query: EbookListQuery) {
  authorize(by)
  await recordExport(deps.database.db, by, 'ebook_requests', query, deps.clock(), { mailable: true })
  const rows = keysetBatches(
    deps.database.dialect,
    mailableEbookRequests(deps.database.db, query),
    query,
    EBOOK_LIST_COLUMNS,
  )
  return csvStream(MAILING_CSV, rows)
}

import type {
  BulkActionInput,
  BulkOutcome,
  BulkResult,
  ContactListQuery,
  QuoteListQuery,
} from '../../../shared/contract/inbox-staff'
import type { InboxStatus } from '../../../shared/enums'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { fetchListPage } from '../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../lib/list-query/query-batches'
import { canTriageInbox } from '../../policies/inbox.policy'
import { recordAudit, recordExport } from '../audit/audit.service'
import { notify } from '../notifications/notify'
import {
  CONTACT_LIST_COLUMNS,
  type ContactRow,
  filteredContacts,
  filteredContactsForExport,
  findContact,
} from './contacts.repository'
import { presentContact, presentContactSummary, presentQuote, presentQuoteSummary } from './inbox.presenter'
import {
  filteredQuotes,
  filteredQuotesForExport,
  findQuote,
  QUOTE_LIST_COLUMNS,
  type QuoteRow,
} from './quotes.repository'
import { deleteEntries, entryHeads, markPending, markResolved, type TriageTable } from './triage.repository'

// Staff triage of quote requests and contact messages (product.md §4; ManageFeedback staff and
// admins): the tables, one entry, pending ↔ resolved with who and when, bulk actions with a result
// per entry, and CSV exports of exactly the filtered rows (audited).

type Deps = Pick<AppDeps, 'database' | 'clock'>
export type TriageKind = 'quote' | 'contact'

const KINDS: Record<TriageKind, { table: TriageTable; notification: 'quote' | 'feedback' }> = {
  quote: { table: 'quote_requests', notification: 'quote' },
  contact: { table: 'contacts', notification: 'feedback' },
}

function inOrder(asked: readonly string[], got: readonly string[]): string[] {
  const set = new Set(got)
  return asked.filter((id) => set.has(id))
}

function authorize(actor: Caller) {
  if (!canTriageInbox(actor)) throw problems.forbidden()
}

/** Whose "assigned to me" a table filters by: the caller's own id (the operator has none). */
const viewerId = (actor: Caller) => recordedAs(actor).id ?? ''

export async function listQuotes(deps: Deps, actor: Caller, query: QuoteListQuery) {
  authorize(actor)
  const page = await fetchListPage(
    filteredQuotes(deps.database.db, query, viewerId(actor)),
    query,
    QUOTE_LIST_COLUMNS,
  )
  return { ...page, items: page.items.map((row) => presentQuoteSummary(row, actor)) }
}

export async function listContacts(deps: Deps, actor: Caller, query: ContactListQuery) {
  authorize(actor)
  const page = await fetchListPage(
    filteredContacts(deps.database.db, query, viewerId(actor)),
    query,
    CONTACT_LIST_COLUMNS,
  )
  return { ...page, items: page.items.map((row) => presentContactSummary(row, actor)) }
}

export async function getQuote(deps: Deps, actor: Caller, id: string) {
  authorize(actor)
  const row = await findQuote(deps.database.db, id)
  if (!row) throw problems.notFound('No such quote request.')
  return presentQuote(row, actor)
}

export async function getContact(deps: Deps, actor: Caller, id: string) {
  authorize(actor)
  const row = await findContact(deps.database.db, id)
  if (!row) throw problems.notFound('No such message.')
  return presentContact(row, actor)
}

/**
 * Resolve, reopen or delete several entries at once, in one transaction. Every distinct id gets an
 * outcome: what happened, `unchanged` (already in that status) or `not_found`. Resolving records who
 * and when and notifies staff once for the whole action; reopening clears both.
 */
export async function applyBulk(
  deps: Deps,
  by: Caller,
  kind: TriageKind,
  input: BulkActionInput,
): Promise<BulkResult> {
  authorize(by)
  const { table, notification } = KINDS[kind]
  const ids = [...new Set(input.ids)]
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const heads = await entryHeads(trx, table, ids)
    const existing = heads.map((h) => h.id)
    let changed: string[] = []
    if (existing.length > 0) {
      if (input.action === 'resolve')
        changed = await markResolved(trx, table, existing, recordedAs(by).id, now)
      if (input.action === 'reopen') changed = await markPending(trx, table, existing, now)
      if (input.action === 'delete') changed = await deleteEntries(trx, table, existing)
      // RETURNING gives no order on PostgreSQL: keep the order the ids were asked in.
      changed = inOrder(ids, changed)
      if (input.action === 'delete') {
        await recordAudit(
          trx,
          {
            action: 'inbox.deleted',
            actor: recordedAs(by),
            from: by.from,
            details: { table, ids: changed },
          },
          now,
        )
      }
    }
    if (input.action !== 'delete' && changed.length > 0) {
      // Resolving and reopening are both recorded for staff and in the audit log. The specification's
      // notification actions have no "reopened": a reopening is an `updated` quote or feedback entry.
      await recordAudit(
        trx,
        {
          action: input.action === 'resolve' ? 'inbox.resolved' : 'inbox.reopened',
          actor: recordedAs(by),
          from: by.from,
          details: { table, ids: changed },
        },
        now,
      )
      const one = changed.length === 1 ? heads.find((h) => h.id === changed[0]) : undefined
      await notify(
        trx,
        {
          type: notification,
          action: input.action === 'resolve' ? 'resolved' : 'updated',
          actor: recordedAs(by),
          mainItem: one ? `${one.first_name} ${one.last_name}`.trim() : null,
          count: changed.length,
          audience: { forAll: true },
        },
        now,
      )
    }
    const done: BulkOutcome =
      input.action === 'resolve' ? 'resolved' : input.action === 'reopen' ? 'reopened' : 'deleted'
    const results = ids.map((id) => ({
      id,
      outcome: (changed.includes(id)
        ? done
        : existing.includes(id)
          ? 'unchanged'
          : 'not_found') as BulkOutcome,
    }))
    return { results, changed: changed.length }
  })
}

/** One entry's status; the same rules as the bulk action. Answers the entry as it is now. */
export async function changeStatus(
  deps: Deps,
  by: Caller,
  kind: TriageKind,
  id: string,
  status: InboxStatus,
) {
  const result = await applyBulk(deps, by, kind, {
    action: status === 'resolved' ? 'resolve' : 'reopen',
    ids: [id],
  })
  if (result.results[0]?.outcome === 'not_found') throw problems.notFound()
  return kind === 'quote' ? getQuote(deps, by, id) : getContact(deps, by, id)
}

export async function deleteEntry(deps: Deps, by: Caller, kind: TriageKind, id: string): Promise<void> {
  const result = await applyBulk(deps, by, kind, { action: 'delete', ids: [id] })
  if (result.results[0]?.outcome === 'not_found') throw problems.notFound()
}

const triageCsvColumns = <R extends QuoteRow | ContactRow>(): CsvColumn<R>[] => [
  { header: 'id', value: (r) => r.id },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'status', value: (r) => r.status },
  { header: 'first_name', value: (r) => r.first_name },
  { header: 'last_name', value: (r) => r.last_name },
  { header: 'email', value: (r) => r.email },
]
const resolutionCsvColumns = <R extends QuoteRow | ContactRow>(): CsvColumn<R>[] => [
  { header: 'message', value: (r) => r.message },
  { header: 'resolvedAt', value: (r) => r.resolvedAt },
  { header: 'resolvedBy', value: (r) => r.resolvedByName },
  { header: 'assignedTo', value: (r) => r.assignedToName },
]

const QUOTE_CSV: CsvColumn<QuoteRow>[] = [
  ...triageCsvColumns<QuoteRow>(),
  { header: 'phone', value: (r) => r.phone },
  { header: 'business_name', value: (r) => r.business_name },
  { header: 'industry', value: (r) => r.industry },
  { header: 'service', value: (r) => r.service },
  ...resolutionCsvColumns<QuoteRow>(),
]

const CONTACT_CSV: CsvColumn<ContactRow>[] = [
  ...triageCsvColumns<ContactRow>(),
  { header: 'subject', value: (r) => r.subject },
  ...resolutionCsvColumns<ContactRow>(),
]

/** Every quote matching the table's filters and search (not just the page), streamed. */
export async function exportQuotes(deps: Deps, by: Caller, query: QuoteListQuery) {
  authorize(by)
  await recordExport(deps.database.db, by, 'quote_requests', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    filteredQuotesForExport(deps.database.db, query, viewerId(by)),
    query,
    QUOTE_LIST_COLUMNS,
  )
  return csvStream(QUOTE_CSV, rows)
}

/** Every contact message matching the table's filters and search, streamed. */
export async function exportContacts(deps: Deps, by: Caller, query: ContactListQuery) {
  authorize(by)
  await recordExport(deps.database.db, by, 'contacts', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    filteredContactsForExport(deps.database.db, query, viewerId(by)),
    query,
    CONTACT_LIST_COLUMNS,
  )
  return csvStream(CONTACT_CSV, rows)
}

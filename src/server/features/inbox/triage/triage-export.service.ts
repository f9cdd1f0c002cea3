import type { ContactListQuery, QuoteListQuery } from '../../../../shared/contract/inbox-staff'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller } from '../../../lib/http/caller'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { recordExport } from '../../audit/audit.service'
import { CONTACT_LIST_COLUMNS, type ContactRow, filteredContactsForExport } from '../contacts.repository'
import { filteredQuotesForExport, QUOTE_LIST_COLUMNS, type QuoteRow } from '../quotes.repository'
import { authorize, type Deps, viewerId } from './triage-access'

// CSV exports of exactly the rows the table's filters and search select (not just the page), audited.

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

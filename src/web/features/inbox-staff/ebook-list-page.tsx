import { BookOpen } from 'lucide-react'
import type { EbookEntry } from '../../../shared/contract/inbox-staff'
import { TablePage, useTableState } from '../../components/data-table'
import { useEbookList } from './inbox-staff-api'
import { InboxTabs } from './inbox-tabs'
import { TriageBulkActions } from './triage-bulk-actions'
import { ebookColumns } from './triage-columns'
import { TriageFilters } from './triage-filters'
import { EBOOK_ENDPOINT, EBOOK_STATUS_OPTIONS, EBOOK_TABLE } from './triage-tables'

const entryId = (entry: EbookEntry) => entry.id
const entryEmail = (entry: EbookEntry) => entry.email

/** /staff/ebook: everyone who asked for the e-book; the export is the mailing tool's import file. */
export function EbookListPage() {
  const state = useTableState(EBOOK_TABLE)
  const result = useEbookList(state.query)
  return (
    <TablePage
      title="E-book list"
      description="Everyone who asked for the e-book. The CSV export holds only confirmed, still subscribed addresses matching the filters, ready to import into a mailing tool."
      access={{ need: 'ManageFeedback', action: 'see the inbox' }}
      above={<InboxTabs />}
      columns={ebookColumns}
      state={state}
      result={result}
      getRowId={entryId}
      rowLabel={entryEmail}
      search={{ label: 'Search the e-book list', placeholder: 'Search e-mail address' }}
      filters={<TriageFilters state={state} statusOptions={EBOOK_STATUS_OPTIONS} dateLabel="Asked" />}
      exportEndpoint={EBOOK_ENDPOINT}
      bulkActions={(selected: EbookEntry[], clear) => (
        <TriageBulkActions
          kind="ebook"
          selected={selected}
          onDone={clear}
          labelOf={entryEmail}
          noun="address"
          plural="addresses"
        />
      )}
      empty={{
        icon: BookOpen,
        title: 'Nobody has asked for the e-book yet',
        description: 'Addresses given on the e-book page appear here, and join the export once confirmed.',
      }}
    />
  )
}

import type { UseQueryResult } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { Inbox, type LucideIcon, MailQuestion } from 'lucide-react'
import { useMemo } from 'react'
import { useLocation } from 'react-router'
import type { ContactSummary, QuoteSummary } from '../../../shared/contract/inbox-staff'
import type { ListResponse } from '../../../shared/contract/list'
import { TablePage, useTableState } from '../../components/data-table'
import type { TableStateConfig } from '../../lib/url-state'
import { type TriageSummary, useContactList, useQuoteList } from './inbox-staff-api'
import { InboxTabs } from './inbox-tabs'
import { TriageBulkActions } from './triage-bulk-actions'
import { contactColumns, quoteColumns, senderName } from './triage-columns'
import { TriageFilters } from './triage-filters'
import {
  CONTACTS_TABLE,
  type ContactSort,
  QUOTES_TABLE,
  type QuoteSort,
  STATUS_OPTIONS,
  TRIAGE_KINDS,
  type TriageFilter,
} from './triage-tables'

// The quote requests and contact messages tables (product.md §4 "Staff triage"), for admins and
// ManageFeedback staff: the server pages, sorts, filters and searches; the URL holds the view.

const entryId = (entry: { id: string }) => entry.id

/** What differs between the quotes and the contacts table; the page is the same. */
interface TriagePageConfig<T extends TriageSummary, Sort extends string> {
  kind: 'quote' | 'contact'
  table: TableStateConfig<Sort, TriageFilter>
  useList: (query: Record<string, string | number>) => UseQueryResult<ListResponse<T>>
  columns: (listSearch: string) => ColumnDef<T>[]
  description: string
  search: { label: string; placeholder: string }
  empty: { icon: LucideIcon; title: string; description: string }
}

function TriagePage<T extends TriageSummary, Sort extends string>({
  config,
}: {
  config: TriagePageConfig<T, Sort>
}) {
  const state = useTableState(config.table)
  const result = config.useList(state.query)
  const { search } = useLocation()
  const columns = useMemo(() => config.columns(search), [config, search])
  const info = TRIAGE_KINDS[config.kind]
  return (
    <TablePage
      title={info.title}
      description={config.description}
      access={{ need: 'ManageFeedback', action: 'see the inbox' }}
      above={<InboxTabs />}
      columns={columns}
      state={state}
      result={result}
      getRowId={entryId}
      rowLabel={senderName}
      search={config.search}
      filters={<TriageFilters state={state} statusOptions={STATUS_OPTIONS} assignable />}
      exportEndpoint={info.endpoint}
      bulkActions={(selected: T[], clear) => (
        <TriageBulkActions
          kind={config.kind}
          selected={selected}
          onDone={clear}
          labelOf={senderName}
          noun={info.noun}
          plural={info.plural}
        />
      )}
      empty={config.empty}
    />
  )
}

const QUOTES_PAGE: TriagePageConfig<QuoteSummary, QuoteSort> = {
  kind: 'quote',
  table: QUOTES_TABLE,
  useList: useQuoteList,
  columns: quoteColumns,
  description: 'Quote requests from the website. Open one to read it in full, then resolve it once answered.',
  search: { label: 'Search quote requests', placeholder: 'Search name, e-mail or business' },
  empty: {
    icon: MailQuestion,
    title: 'No quote requests yet',
    description: 'Requests sent with the quote form on the website appear here.',
  },
}

const CONTACTS_PAGE: TriagePageConfig<ContactSummary, ContactSort> = {
  kind: 'contact',
  table: CONTACTS_TABLE,
  useList: useContactList,
  columns: contactColumns,
  description:
    'Messages and feedback from the contact form. Open one to read it in full, then resolve it once answered.',
  search: { label: 'Search messages', placeholder: 'Search name, e-mail or subject' },
  empty: {
    icon: Inbox,
    title: 'No messages yet',
    description: 'Messages sent with the contact form on the website appear here.',
  },
}

/** /staff/quotes */
export function QuotesPage() {
  return <TriagePage config={QUOTES_PAGE} />
}

/** /staff/contacts */
export function ContactsPage() {
  return <TriagePage config={CONTACTS_PAGE} />
}

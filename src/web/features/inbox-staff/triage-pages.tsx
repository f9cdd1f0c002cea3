import { Inbox, MailQuestion } from 'lucide-react'
import { useMemo } from 'react'
import { useLocation } from 'react-router'
import type { ContactSummary, QuoteSummary } from '../../../shared/contract/inbox-staff'
import { DataTable, useTableState } from '../../components/data-table'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { exportUrl } from '../../lib/url-state'
import { AdminAccessProblem, accessProblemStatus } from '../admin/admin-access-problem'
import { useContactList, useQuoteList } from './inbox-staff-api'
import { InboxTabs } from './inbox-tabs'
import { TriageBulkActions } from './triage-bulk-actions'
import { contactColumns, quoteColumns, senderName } from './triage-columns'
import { TriageFilters } from './triage-filters'
import { CONTACTS_TABLE, QUOTES_TABLE, STATUS_OPTIONS, TRIAGE_KINDS } from './triage-tables'

// The quote requests and contact messages tables (product.md §4 "Staff triage"), for admins and
// ManageFeedback staff: the server pages, sorts, filters and searches; the URL holds the view.

const entryId = (entry: { id: string }) => entry.id
export const STAFF_AUDIENCE = 'admins and staff who manage feedback'
export const STAFF_FORBIDDEN = 'Only admins and staff who manage feedback can see the inbox.'

/** /staff/quotes */
export function QuotesPage() {
  const state = useTableState(QUOTES_TABLE)
  const result = useQuoteList(state.query)
  const { search } = useLocation()
  const columns = useMemo(() => quoteColumns(search), [search])
  const info = TRIAGE_KINDS.quote

  const denied = accessProblemStatus(result.error)
  if (denied)
    return <AdminAccessProblem status={denied} audience={STAFF_AUDIENCE} forbidden={STAFF_FORBIDDEN} />
  return (
    <>
      <PageTitle title={info.title} />
      <PageHeader
        title={info.title}
        description="Quote requests from the website. Open one to read it in full, then resolve it once answered."
      />
      <InboxTabs />
      <DataTable
        label={info.title}
        columns={columns}
        state={state}
        result={result}
        getRowId={entryId}
        rowLabel={senderName}
        search={{ label: 'Search quote requests', placeholder: 'Search name, e-mail or business' }}
        filters={<TriageFilters state={state} statusOptions={STATUS_OPTIONS} />}
        exportHref={exportUrl(info.endpoint, state.state)}
        bulkActions={(selected: QuoteSummary[], clear) => (
          <TriageBulkActions
            kind="quote"
            selected={selected}
            onDone={clear}
            labelOf={senderName}
            noun={info.noun}
            plural={info.plural}
          />
        )}
        empty={{
          icon: MailQuestion,
          title: 'No quote requests yet',
          description: 'Requests sent with the quote form on the website appear here.',
        }}
      />
    </>
  )
}

/** /staff/contacts */
export function ContactsPage() {
  const state = useTableState(CONTACTS_TABLE)
  const result = useContactList(state.query)
  const { search } = useLocation()
  const columns = useMemo(() => contactColumns(search), [search])
  const info = TRIAGE_KINDS.contact

  const denied = accessProblemStatus(result.error)
  if (denied)
    return <AdminAccessProblem status={denied} audience={STAFF_AUDIENCE} forbidden={STAFF_FORBIDDEN} />
  return (
    <>
      <PageTitle title={info.title} />
      <PageHeader
        title={info.title}
        description="Messages and feedback from the contact form. Open one to read it in full, then resolve it once answered."
      />
      <InboxTabs />
      <DataTable
        label={info.title}
        columns={columns}
        state={state}
        result={result}
        getRowId={entryId}
        rowLabel={senderName}
        search={{ label: 'Search messages', placeholder: 'Search name, e-mail or subject' }}
        filters={<TriageFilters state={state} statusOptions={STATUS_OPTIONS} />}
        exportHref={exportUrl(info.endpoint, state.state)}
        bulkActions={(selected: ContactSummary[], clear) => (
          <TriageBulkActions
            kind="contact"
            selected={selected}
            onDone={clear}
            labelOf={senderName}
            noun={info.noun}
            plural={info.plural}
          />
        )}
        empty={{
          icon: Inbox,
          title: 'No messages yet',
          description: 'Messages sent with the contact form on the website appear here.',
        }}
      />
    </>
  )
}

import type { ContactListQuery, QuoteListQuery } from '../../../../shared/contract/inbox-staff'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage, isUnfiltered } from '../../../lib/list-query/apply-list-query'
import { keptTotal } from '../../../lib/list-query/row-counts.repository'
import { CONTACT_LIST_COLUMNS, filteredContacts, findContact } from '../contacts.repository'
import { formAttachmentsOf } from '../inbound/inbound.repository'
import { presentContact, presentContactSummary, presentQuote, presentQuoteSummary } from '../inbox.presenter'
import { filteredQuotes, findQuote, QUOTE_LIST_COLUMNS } from '../quotes.repository'
import { authorize, type Deps, viewerId } from './triage-access'

// The triage tables (a page of quote requests or contact messages) and one entry.

export async function listQuotes(deps: Deps, actor: Caller, query: QuoteListQuery) {
  authorize(actor)
  const page = await fetchListPage(
    filteredQuotes(deps.database.db, query, viewerId(actor)),
    query,
    QUOTE_LIST_COLUMNS,
    keptTotal(deps.database.db, 'quote_requests', isUnfiltered(query)),
  )
  return { ...page, items: page.items.map((row) => presentQuoteSummary(row, actor)) }
}

export async function listContacts(deps: Deps, actor: Caller, query: ContactListQuery) {
  authorize(actor)
  const page = await fetchListPage(
    filteredContacts(deps.database.db, query, viewerId(actor)),
    query,
    CONTACT_LIST_COLUMNS,
    keptTotal(deps.database.db, 'contacts', isUnfiltered(query)),
  )
  return { ...page, items: page.items.map((row) => presentContactSummary(row, actor)) }
}

export async function getQuote(deps: Deps, actor: Caller, id: string) {
  authorize(actor)
  const row = await findQuote(deps.database.db, id)
  if (!row) throw problems.notFound('No such quote request.')
  const attachments = await formAttachmentsOf(deps.database.db, 'quote_requests', id)
  return {
    ...presentQuote(row, actor),
    attachments: attachments.map((a) => ({ ...a, size: Number(a.size) })),
  }
}

export async function getContact(deps: Deps, actor: Caller, id: string) {
  authorize(actor)
  const row = await findContact(deps.database.db, id)
  if (!row) throw problems.notFound('No such message.')
  return presentContact(row, actor)
}

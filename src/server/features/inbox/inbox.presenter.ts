import type {
  ContactDetail,
  ContactSummary,
  EbookEntry,
  EbookStatus,
  QuoteDetail,
  QuoteSummary,
} from '../../../shared/contract/inbox-staff'
import type { Caller } from '../../lib/http/caller'
import { inboxEntryAbilities, isInboxStaff } from '../../policies/inbox.policy'
import type { ContactListRow, ContactRow } from './contacts.repository'
import type { EbookRow } from './ebook.repository'
import type { QuoteListRow, QuoteRow } from './quotes.repository'

// What leaves the server about inbox entries, with what the caller may do to each.

type Triage = {
  resolvedBy: string | null
  resolvedByName: string | null
  assignedTo: string | null
  assignedToName: string | null
}

const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null)

/** The people an entry names, as the contract shows them; the joined name columns stay inside. */
function people<R extends Triage>(row: R) {
  const { resolvedByName, assignedToName, ...fields } = row
  return {
    ...fields,
    resolvedBy: person(row.resolvedBy, resolvedByName),
    assignedTo: person(row.assignedTo, assignedToName),
  }
}

export function presentQuoteSummary(row: QuoteListRow, actor: Caller): QuoteSummary {
  return { ...people(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentQuote(row: QuoteRow, actor: Caller): QuoteDetail {
  return { ...people(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentContactSummary(row: ContactListRow, actor: Caller): ContactSummary {
  return { ...people(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentContact(row: ContactRow, actor: Caller): ContactDetail {
  return { ...people(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function ebookStatus(row: Pick<EbookRow, 'confirmedAt' | 'unsubscribedAt'>): EbookStatus {
  if (row.unsubscribedAt) return 'unsubscribed'
  return row.confirmedAt ? 'subscribed' : 'unconfirmed'
}

export function presentEbookEntry(row: EbookRow, actor: Caller): EbookEntry {
  return { ...row, status: ebookStatus(row), abilities: { delete: isInboxStaff(actor) } }
}

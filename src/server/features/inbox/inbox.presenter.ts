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

type Triage = { resolvedBy: string | null; resolvedByName: string | null }

function resolver(row: Triage) {
  return row.resolvedBy && row.resolvedByName ? { id: row.resolvedBy, name: row.resolvedByName } : null
}

export function presentQuoteSummary(row: QuoteListRow, actor: Caller): QuoteSummary {
  const { resolvedByName: _n, ...fields } = row
  return { ...fields, resolvedBy: resolver(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentQuote(row: QuoteRow, actor: Caller): QuoteDetail {
  const { resolvedByName: _n, ...fields } = row
  return { ...fields, resolvedBy: resolver(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentContactSummary(row: ContactListRow, actor: Caller): ContactSummary {
  const { resolvedByName: _n, ...fields } = row
  return { ...fields, resolvedBy: resolver(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function presentContact(row: ContactRow, actor: Caller): ContactDetail {
  const { resolvedByName: _n, ...fields } = row
  return { ...fields, resolvedBy: resolver(row), abilities: inboxEntryAbilities(actor, row.status) }
}

export function ebookStatus(row: Pick<EbookRow, 'confirmedAt' | 'unsubscribedAt'>): EbookStatus {
  if (row.unsubscribedAt) return 'unsubscribed'
  return row.confirmedAt ? 'subscribed' : 'unconfirmed'
}

export function presentEbookEntry(row: EbookRow, actor: Caller): EbookEntry {
  return { ...row, status: ebookStatus(row), abilities: { delete: isInboxStaff(actor) } }
}

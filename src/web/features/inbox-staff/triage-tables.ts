import {
  type ASSIGNED_FILTERS,
  CONTACT_SORTS,
  EBOOK_SORTS,
  EBOOK_STATUSES,
  type EbookStatus,
  QUOTE_SORTS,
} from '../../../shared/contract/inbox-staff'
import { INBOX_STATUSES, type InboxStatus } from '../../../shared/enums'
import type { TableStateConfig } from '../../lib/url-state'

// The three triage tables' URL state: the same parameters their list endpoints take
// (src/shared/contract/inbox-staff.ts), with the same defaults (newest first), and where each lives.

/** Quotes and contacts also filter by who has them ("assigned to me"); the e-book list does not. */
export const TRIAGE_FILTERS = ['status', 'assigned', 'from', 'to'] as const
export type TriageFilter = (typeof TRIAGE_FILTERS)[number]
const EBOOK_FILTERS: readonly TriageFilter[] = ['status', 'from', 'to']

export type QuoteSort = (typeof QUOTE_SORTS)[number]
export type ContactSort = (typeof CONTACT_SORTS)[number]
export type EbookSort = (typeof EBOOK_SORTS)[number]

export const QUOTES_TABLE: TableStateConfig<QuoteSort, TriageFilter> = {
  sortable: QUOTE_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: TRIAGE_FILTERS,
  defaultHidden: ['industry', 'phone', 'resolvedAt'],
}

export const CONTACTS_TABLE: TableStateConfig<ContactSort, TriageFilter> = {
  sortable: CONTACT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: TRIAGE_FILTERS,
  defaultHidden: ['resolvedAt'],
}

export const EBOOK_TABLE: TableStateConfig<EbookSort, TriageFilter> = {
  sortable: EBOOK_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: EBOOK_FILTERS,
  defaultHidden: ['unsubscribedAt'],
}

/** Quotes and contacts share the triage screens; this says which one a screen is showing. */
export type TriageKind = 'quote' | 'contact'

export interface TriageKindInfo {
  /** The list endpoint; `/:id`, `/bulk` and `/export.csv` hang off it. */
  endpoint: string
  /** The web page of the table; `/:id` is one entry's page. */
  path: string
  title: string
  noun: string
  plural: string
}

export const TRIAGE_KINDS: Record<TriageKind, TriageKindInfo> = {
  quote: {
    endpoint: '/api/inbox/quotes',
    path: '/staff/quotes',
    title: 'Quote requests',
    noun: 'quote request',
    plural: 'quote requests',
  },
  contact: {
    endpoint: '/api/inbox/contacts',
    path: '/staff/contacts',
    title: 'Contact messages',
    noun: 'message',
    plural: 'messages',
  },
}

export const EBOOK_ENDPOINT = '/api/inbox/ebook-requests'
export const EBOOK_PATH = '/staff/ebook'

export const STATUS_LABELS: Record<InboxStatus, string> = { pending: 'Pending', resolved: 'Resolved' }
export const STATUS_OPTIONS = INBOX_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))
export const ASSIGNED_OPTIONS = [
  { value: 'me', label: 'Assigned to me' },
  { value: 'nobody', label: 'Not assigned' },
] as const satisfies readonly { value: (typeof ASSIGNED_FILTERS)[number]; label: string }[]

export const EBOOK_STATUS_LABELS: Record<EbookStatus, string> = {
  unconfirmed: 'Not confirmed',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
}
export const EBOOK_STATUS_OPTIONS = EBOOK_STATUSES.map((value) => ({
  value,
  label: EBOOK_STATUS_LABELS[value],
}))

/** `/staff/quotes/<id>` and the like. */
export const entryPath = (kind: TriageKind, id: string) =>
  `${TRIAGE_KINDS[kind].path}/${encodeURIComponent(id)}`

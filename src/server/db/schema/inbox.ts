import type { Generated } from 'kysely'
import type { InboxStatus } from '../../../shared/enums'
import type { Timestamp } from './timestamp'

// The inbox: quote requests, the e-book list and contact messages. See ../schema.ts for the conventions.

export interface QuoteRequestsTable {
  id: string
  first_name: string
  last_name: string
  business_name: string | null
  industry: string | null
  email: string
  phone: string | null
  service: string | null
  message: string
  status: InboxStatus
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when and by whom it was resolved; both null while pending. */
  resolvedAt: Timestamp | null
  resolvedBy: string | null
  /** Ours (0031): the teammate it is assigned to, and since when; both null when nobody has it. */
  assignedTo: string | null
  assignedAt: Timestamp | null
}

export interface EbookRequestsTable {
  id: string
  /** Canonical form: trimmed, lower case; one row per address. */
  email: string
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when the owner confirmed the address from the link (double opt-in); null until then. */
  confirmedAt: Timestamp | null
  /** Ours (0007): set by the one-click unsubscribe; cleared when the owner confirms again. */
  unsubscribedAt: Timestamp | null
  /** Ours (0007): where the address was given, for the mailing tool's source column. */
  source: Generated<string>
}

export interface ContactsTable {
  id: string
  first_name: string
  last_name: string
  email: string
  subject: string
  message: string
  status: InboxStatus
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Ours (0007): when and by whom it was resolved; both null while pending. */
  resolvedAt: Timestamp | null
  resolvedBy: string | null
  /** Ours (0031): the teammate it is assigned to, and since when; both null when nobody has it. */
  assignedTo: string | null
  assignedAt: Timestamp | null
}

/** Ours (0031): a staff reply (mailed to the sender) or internal note on one quote or contact. */
export interface InboxMessagesTable {
  id: string
  /** Exactly one of quote_id and contact_id is set. */
  quote_id: string | null
  contact_id: string | null
  kind: 'reply' | 'note'
  body: string
  author_id: string | null
  author_name: string
  mail_id: string | null
  created_at: Timestamp
}

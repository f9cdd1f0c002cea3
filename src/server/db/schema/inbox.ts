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
  /** Ours (0046): names the conversation in replies' Reply-To (inbox+<token>@…); set at the first reply. */
  reply_token: string | null
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
  /** Ours (0046): names the conversation in replies' Reply-To (inbox+<token>@…); set at the first reply. */
  reply_token: string | null
  /** Ours (0046): why an entry made from an e-mail is held for a look (e.g. unknown_sender); null otherwise. */
  flag: string | null
}

/** Ours (0031): a staff reply (mailed to the sender) or internal note on one quote or contact. */
export interface InboxMessagesTable {
  id: string
  /** Exactly one of quote_id and contact_id is set. */
  quote_id: string | null
  contact_id: string | null
  /** 0046 adds `customer`: a message from the entry's sender, read from the mailbox. */
  kind: 'reply' | 'note' | 'customer'
  body: string
  author_id: string | null
  author_name: string
  mail_id: string | null
  created_at: Timestamp
  /** Ours (0046), customer messages: the quoted history folded away, sanitized HTML, the sender. */
  quoted: string | null
  html: string | null
  from_address: string | null
  /** A customer message's own Message-ID, <…> included. */
  rfc_message_id: string | null
}

/** Ours (0046): one row per message read from the mailbox, by Message-ID: storing is idempotent. */
export interface InboundMailsTable {
  id: string
  message_id: string
  mailbox: string
  uid: number
  outcome: 'threaded' | 'new_entry' | 'held' | 'ignored'
  reason: string | null
  quote_id: string | null
  contact_id: string | null
  received_at: Timestamp
}

/** Ours (0046): a customer's attachment, a blob kept with its entry. */
export interface InboxAttachmentsTable {
  id: string
  quote_id: string | null
  contact_id: string | null
  message_id: string | null
  filename: string
  mimetype: string
  size: number
  blob_key: string
  created_at: Timestamp
}

/** Ours (0046): where the reader is in each mailbox, and the last error it met. */
export interface InboundMailboxStateTable {
  mailbox: string
  uid_validity: string | null
  last_uid: Generated<number>
  last_error: string | null
  last_error_at: Timestamp | null
  last_success_at: Timestamp | null
}

import type { Timestamp } from './timestamp'

// Plumbing: the mail outbox, rate-limit counters, admin-editable settings and job leases. See ../schema.ts for the conventions.

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** The e-mail outbox (features/mail): our own table, snake_case throughout. */
export interface MailOutboxTable {
  id: string
  to_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  /** JSON object of extra headers, e.g. List-Unsubscribe. */
  headers: string
  /** The template's name, for logs and tests. */
  template: string
  /** Ours (0045): JSON array of MailAttachmentRef: files made when the message is sent. */
  attachments?: string
  status: MailStatus
  /** Delivery attempts started (counted when a sender claims the row). */
  attempts: number
  next_attempt_at: Timestamp
  /** While `sending`: the sender's claim; past it, another sender may take the row over. */
  locked_until: Timestamp | null
  /** The last failure, made safe to store (no credentials). */
  last_error: string | null
  created_at: Timestamp
  sent_at: Timestamp | null
}

export interface RateLimitsTable {
  /** Opaque key built by the caller, e.g. `signin:ip:<ip>`; never a raw secret. */
  key: string
  /** Hits in the current window; stops at limit + 1 (only "over the limit" matters). */
  count: number
  /** End of the current fixed window. */
  reset_at: Timestamp
}

/** Settings admins edit in the app (0007): one JSON value per key, checked by the key's schema. */
export interface SettingsTable {
  key: string
  /** JSON text. */
  value: string
  updatedAt: Timestamp
  updatedBy: string | null
}

/** Periodic jobs (lib/jobs/job-leases.ts): which instance holds a job's run, and until when. */
export interface JobLeasesTable {
  /** The job's name in the job table (jobs.ts). */
  job_name: string
  /** The instance that holds it: host, process id and a random part. */
  holder: string
  /** Past this, any instance may take the job over. */
  expires_at: Timestamp
}

/**
 * Ours (0056), derived: how many rows each large staff table holds (users, orders, quote requests,
 * contacts, e-book addresses), kept by triggers; an unfiltered staff list reads its total here.
 */
export interface RowCountsTable {
  table_name: string
  n: number
}

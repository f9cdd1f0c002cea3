import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { readSetting } from '../../lib/settings/settings'
import { purgeInboundLedgerBatch } from './inbound/inbound.repository'
import { RETENTION_DAYS_SETTING } from './inbox-settings.service'
import { purgeResolvedBatch } from './triage/triage.repository'

// Retention of resolved quote requests and contact messages: off by default; when an
// admin sets N days, entries resolved more than N days ago are deleted, and the blobs of their attachments queued for deletion. Pending entries are never
// touched, however old. The ledger of mail read from the mailbox (inbound_mails, decision 0128) goes
// the same way: a row older than N days that names no entry any more (ignored mail, or an entry since
// deleted) is deleted too; rows of entries still kept stay with them. For the job runner
// (src/server/jobs.ts) to call, e.g. daily.

const DAY_MS = 24 * 60 * 60 * 1000
const BATCH = 500

export interface InboxPurgeResult {
  quoteRequests: number
  contacts: number
  inboundMails: number
  [counter: string]: number
}

/**
 * Deletes resolved entries older than the retention setting, in batches (each statement short, so
 * SQLite's one writer is not held); stops between batches when `signal` aborts. Idempotent: two
 * instances purging at once delete each row once between them.
 */
export async function purgeResolvedInboxEntries(
  db: Kysely<DB>,
  now: Date,
  signal?: AbortSignal,
): Promise<InboxPurgeResult> {
  const result: InboxPurgeResult = { quoteRequests: 0, contacts: 0, inboundMails: 0 }
  const days = await readSetting(db, RETENTION_DAYS_SETTING)
  if (days === null) return result
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString()
  for (const [table, counter] of [
    ['quote_requests', 'quoteRequests'],
    ['contacts', 'contacts'],
  ] as const) {
    while (!signal?.aborted) {
      const deleted = await purgeResolvedBatch(db, table, cutoff, BATCH, now)
      result[counter] += deleted
      if (deleted < BATCH) break
    }
  }
  // After the entries: the rows of those just deleted name nothing now, and go in the same run.
  while (!signal?.aborted) {
    const deleted = await purgeInboundLedgerBatch(db, cutoff, BATCH)
    result.inboundMails += deleted
    if (deleted < BATCH) break
  }
  return result
}

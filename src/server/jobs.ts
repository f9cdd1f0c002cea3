import type { AppDeps } from './deps'
import { mailExpiringTokens } from './features/accounts/access-tokens/token-expiry-mail'
import { purgeEndedSessions } from './features/accounts/sessions/sessions.repository'
import { purgeExpiredTokens } from './features/accounts/sign-up/verification-tokens'
import { purgeAbandonedUploads } from './features/files/transfer/upload-cleanup'
import { purgeExpiredTrash } from './features/files/trash/trash-purge'
import { purgeFileVersions } from './features/files/versions/file-versions.service'
import { purgeResolvedInboxEntries } from './features/inbox/inbox-retention'
import { pruneOutbox } from './features/mail/outbox.repository'
import { sendNotificationDigests } from './features/notifications/notification-digest'
import { purgeNotifications } from './features/notifications/notifications.retention'
import { integrityCheckJob } from './features/operations/fsck'
import { RECONCILE_EVERY_MS, reconcilePendingOrders } from './features/shop/payments/reconciliation'
import type { Job } from './lib/jobs/job-runner'
import { purgeExpiredRateLimits } from './lib/rate-limit/rate-limit'
import { drainBlobDeletions } from './lib/storage/blob-deletions'

/**
 * The job table: every periodic job of the server, in one list (as routes.ts lists the routes).
 * main.ts hands it to startJobRunner in every instance, with leases in the database
 * (lib/jobs/job-leases.ts): whichever instance's turn comes first takes the job's lease for its
 * interval and does the work; the others skip their turns meanwhile. Each job is still one idempotent
 * piece of work (mostly deletes of rows already dead by the clock), so two runs at once, should a
 * lease expire under a long run, only share the work. The jitter spreads instances that start together.
 */

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS

/** Ended rate-limit windows (docs/decisions/0015): tiny rows, but one per address and e-mail ever seen. */
export const RATE_LIMIT_PURGE_EVERY_MS = HOUR_MS
/** Sessions past their absolute end or idle timeout whose cookie never came back to be refused. */
export const SESSION_PURGE_EVERY_MS = HOUR_MS
/** Expired verification, reset and setup tokens (they last 1 to 24 hours). */
export const TOKEN_PURGE_EVERY_MS = HOUR_MS
/** Sent and failed mail past its retention (30 and 90 days): a few hours late is of no consequence. */
export const MAIL_PRUNE_EVERY_MS = 6 * HOUR_MS
/** Resolved quotes and contacts past the admins' retention setting (off by default; counted in days). */
export const INBOX_RETENTION_EVERY_MS = 6 * HOUR_MS
/** Notifications past their retention (read 90 days, all 365 days; docs/decisions/0022). */
export const NOTIFICATION_PURGE_EVERY_MS = 6 * HOUR_MS
/** Trash entries past TRASH_RETENTION_DAYS (docs/decisions/0026): an hour late is of no consequence. */
export const TRASH_PURGE_EVERY_MS = HOUR_MS
/** File versions past the newest FILE_VERSIONS_KEPT and older than the trash retention (0088). */
export const VERSION_PURGE_EVERY_MS = HOUR_MS
/** Blobs of deleted files (docs/decisions/0027): soon, so storage is given back; failures back off. */
export const BLOB_DELETIONS_EVERY_MS = 5 * MINUTE_MS
/** Unfinished uploads past their expiry, orphaned staging files and abandoned blob writes. */
export const UPLOAD_SWEEP_EVERY_MS = HOUR_MS
/** Owners of access tokens that expire within a week, mailed once per token (docs/decisions/0138). */
export const TOKEN_EXPIRY_MAIL_EVERY_MS = 24 * HOUR_MS
/**
 * E-mail digests of notifications (docs/decisions/0143): each person's own gap (an hour or a day) is
 * kept by the job, so a run every few minutes only decides who is due.
 */
export const NOTIFICATION_DIGEST_EVERY_MS = 5 * MINUTE_MS
/** Up to this much is added to every wait, so instances started by one deploy do not run in step. */
export const JOB_JITTER_MS = 5 * MINUTE_MS
/** The first runs wait this (plus jitter) after start-up, out of the way of a deploy's first requests. */
export const JOBS_START_DELAY_MS = MINUTE_MS

export function buildJobTable(
  deps: Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage' | 'mailer' | 'paystack'>,
): Job[] {
  const db = deps.database.db
  return [
    {
      name: 'purge-rate-limits',
      everyMs: RATE_LIMIT_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async () => ({ deleted: await purgeExpiredRateLimits(db, deps.clock()) }),
    },
    {
      name: 'purge-sessions',
      everyMs: SESSION_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async () => ({ deleted: await purgeEndedSessions(db, deps.clock()) }),
    },
    {
      name: 'purge-verification-tokens',
      everyMs: TOKEN_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async () => ({ deleted: await purgeExpiredTokens(db, deps.clock()) }),
    },
    {
      name: 'mail-expiring-tokens',
      everyMs: TOKEN_EXPIRY_MAIL_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: (signal) => mailExpiringTokens(deps, signal),
    },
    {
      name: 'prune-mail-outbox',
      everyMs: MAIL_PRUNE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: (signal) => pruneOutbox(db, deps.clock(), signal),
    },
    {
      name: 'purge-resolved-inbox',
      everyMs: INBOX_RETENTION_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: (signal) => purgeResolvedInboxEntries(db, deps.clock(), signal),
    },
    {
      name: 'purge-notifications',
      everyMs: NOTIFICATION_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async () => ({ ...(await purgeNotifications(db, deps.clock())) }),
    },
    {
      name: 'notification-digests',
      everyMs: NOTIFICATION_DIGEST_EVERY_MS,
      jitterMs: MINUTE_MS,
      run: (signal) => sendNotificationDigests(deps, signal),
    },
    {
      // Each group in its own transaction: a purge that stops halfway leaves whole groups behind.
      name: 'purge-trash',
      everyMs: TRASH_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async (signal) => ({
        deleted: await purgeExpiredTrash(deps, deps.clock(), deps.env.trashRetentionDays, signal),
      }),
    },
    {
      name: 'purge-file-versions',
      everyMs: VERSION_PURGE_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: async (signal) => ({ deleted: await purgeFileVersions(deps, deps.clock(), signal) }),
    },
    {
      name: 'delete-blobs',
      everyMs: BLOB_DELETIONS_EVERY_MS,
      jitterMs: MINUTE_MS,
      run: (signal) =>
        drainBlobDeletions(db, deps.storage, deps.clock(), { signal, dataDir: deps.env.dataDir }),
    },
    {
      name: 'purge-abandoned-uploads',
      everyMs: UPLOAD_SWEEP_EVERY_MS,
      jitterMs: JOB_JITTER_MS,
      run: () => purgeAbandonedUploads(deps),
    },
    {
      // Stale pending orders verified with Paystack, abandoned past the limit (product.md §3). Safe
      // on two instances at once: each settles through the same guarded, idempotent update.
      name: 'reconcile-orders',
      everyMs: RECONCILE_EVERY_MS,
      jitterMs: MINUTE_MS,
      run: async (signal) => ({ ...(await reconcilePendingOrders(deps, signal)) }),
    },
    integrityCheckJob(deps), // orphan blobs past their grace period queued, missing blobs counted
  ]
}

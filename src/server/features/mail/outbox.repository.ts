import type { Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely'
import type { Db } from '../../db/db'
import type { DB, MailOutboxTable } from '../../db/schema'

// The outbox queries: the insert behind enqueueMail (outbox.ts), the worker's, and pruneOutbox for a periodic job (src/server/jobs.ts).
// Every write after the claim is fenced by the claim's `locked_until`: if a sender was so slow that its
// claim expired and another sender took the row over, the slow one cannot overwrite the newer state.

export type OutboxRow = Selectable<MailOutboxTable>

/** Ids of messages a sender may take now: due pending rows, and rows whose sender's claim expired. */
export async function findDue(db: Kysely<DB>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Takes one message for this sender, or returns undefined when another sender got it first. The
 * WHERE repeats the "may take" condition, so of two concurrent claims only one updates the row (on
 * PostgreSQL the second re-reads the row after the first commits and no longer matches).
 */
export async function claim(
  db: Kysely<DB>,
  id: string,
  now: string,
  lockedUntil: string,
): Promise<OutboxRow | undefined> {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst()
}

type Fence = Pick<OutboxRow, 'id' | 'locked_until'>

async function updateClaimed(
  db: Kysely<DB>,
  row: Fence,
  values: Partial<Omit<OutboxRow, 'id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ ...values, locked_until: null })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', row.locked_until!)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Records a delivery and blanks the bodies: they carry live single-use links (verification, reset)
 * whose tokens the database otherwise only holds hashed, so a sent message keeps only its envelope.
 */
export function markSent(db: Kysely<DB>, row: Fence, now: string): Promise<boolean> {
  return updateClaimed(db, row, {
    status: 'sent',
    sent_at: now,
    last_error: null,
    text_body: '',
    html_body: '',
  })
}

export function reschedule(
  db: Kysely<DB>,
  row: Fence,
  nextAttemptAt: string,
  error: string,
): Promise<boolean> {
  return updateClaimed(db, row, { status: 'pending', next_attempt_at: nextAttemptAt, last_error: error })
}

export function markFailed(db: Kysely<DB>, row: Fence, error: string, attempts: number): Promise<boolean> {
  return updateClaimed(db, row, { status: 'failed', last_error: error, attempts })
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long a sent message stays: its envelope (address, subject, template; the bodies were blanked by
 * markSent) answers "did you send me the link?" for a month, then goes, as personal data we no longer need.
 */
export const SENT_MAIL_RETENTION_MS = 30 * DAY_MS
/**
 * How long a failed message stays, counted from its creation: nothing retries it and no screen lists
 * it (docs/decisions/0017), so the row and the warning line are all an operator has to investigate
 * with; three months leaves time for that. By then every link in it is dead (tokens last ≤ 24 h).
 */
export const FAILED_MAIL_RETENTION_MS = 90 * DAY_MS
const PRUNE_BATCH = 500

/**
 * Deletes sent messages past SENT_MAIL_RETENTION_MS (by sent_at) and failed ones past
 * FAILED_MAIL_RETENTION_MS (by created_at). Pending and sending rows are never touched: mail is never
 * lost. In batches, so each statement stays short (SQLite has one writer); stops between batches when
 * `signal` aborts. Idempotent: two instances pruning at once delete each row once between them.
 */
export async function pruneOutbox(
  db: Kysely<DB>,
  now: Date,
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number }> {
  const sentBefore = new Date(now.getTime() - SENT_MAIL_RETENTION_MS).toISOString()
  const failedBefore = new Date(now.getTime() - FAILED_MAIL_RETENTION_MS).toISOString()
  const sent = await deleteInBatches(
    db,
    db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').where('sent_at', '<=', sentBefore),
    signal,
  )
  const failed = await deleteInBatches(
    db,
    db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'failed')
      .where('created_at', '<=', failedBefore),
    signal,
  )
  return { sent, failed }
}

async function deleteInBatches(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, 'mail_outbox', { id: string }>,
  signal: AbortSignal | undefined,
): Promise<number> {
  let total = 0
  while (!signal?.aborted) {
    const result = await db
      .deleteFrom('mail_outbox')
      .where('id', 'in', ids.limit(PRUNE_BATCH))
      .executeTakeFirst()
    const deleted = Number(result.numDeletedRows)
    total += deleted
    // Fewer than a batch: done (or another instance took some of this batch; the rest waits for next time).
    if (deleted < PRUNE_BATCH) break
  }
  return total
}

/** Mail not yet delivered, by status (`pending` waits for its turn or a retry, `sending` is claimed). */
export async function outboxDepth(db: Kysely<DB>): Promise<{ pending: number; sending: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', db.fn.countAll<number>().as('count')])
    .where('status', 'in', ['pending', 'sending'])
    .groupBy('status')
    .execute()
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0)
  return { pending: count('pending'), sending: count('sending') }
}

export async function insertOutboxMail(db: Db, row: Insertable<DB['mail_outbox']>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute()
}

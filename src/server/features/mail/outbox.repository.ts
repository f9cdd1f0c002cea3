import type { Kysely, Selectable } from 'kysely'
import type { DB, MailOutboxTable } from '../../db/schema'

// The outbox queries of the worker. Every write after the claim is fenced by the claim's
// `locked_until`: if a sender was so slow that its claim expired and another sender took the row over,
// the slow one cannot overwrite the newer state.

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

import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// The e-mail outbox (architecture.md "Data"): a message is a row written in the same transaction as
// the action that caused it, and a worker drains the table with retries, so a crash loses nothing.
// Not an entity of the specification, so its columns are snake_case throughout.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    // JSON object of extra headers (List-Unsubscribe, ...).
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    // The template's name: for logs and tests, never used to re-render.
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // Delivery attempts started, counted when a sender claims the row (so a sender that crashes
    // mid-send still uses up an attempt and a poisonous message cannot loop forever).
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    // A sender's claim on a `sending` row; once past, another sender may take the row over.
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    .addCheckConstraint('mail_outbox_status_check', oneOf('status', ['pending', 'sending', 'sent', 'failed']))
    .addCheckConstraint('mail_outbox_attempts_check', sql`attempts >= 0`)
    .execute()
  // The worker asks "which pending rows are due?" on every poll.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute()
}

import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Inbox conversations: staff answer a quote request or contact message from the entry's page. Each
// reply (mailed to the sender through the outbox) and each internal note (never mailed) is one row of
// `inbox_messages`, tied to exactly one entry and deleted with it. An entry may be assigned to one
// teammate (`assignedTo`, cleared if that account is deleted).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  for (const table of ['quote_requests', 'contacts']) {
    await db.schema
      .alterTable(table)
      .addColumn('assignedTo', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute()
    await db.schema.alterTable(table).addColumn('assignedAt', t.timestamp).execute()
    // "Assigned to me", newest first.
    await db.schema
      .createIndex(`${table}_assigned_idx`)
      .on(table)
      .columns(['assignedTo', 'createdAt', 'id'])
      .execute()
  }

  await db.schema
    .createTable('inbox_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.references('quote_requests.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['reply', 'note'])))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** The author's name when they wrote it, so the thread still reads after the account goes. */
    .addColumn('author_name', 'text', (c) => c.notNull())
    /** The outbox message that carries a reply (null for notes). Not a foreign key: the outbox is purged. */
    .addColumn('mail_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('inbox_messages_one_entry', sql`(quote_id is null) <> (contact_id is null)`)
    .execute()
  await db.schema
    .createIndex('inbox_messages_quote_idx')
    .on('inbox_messages')
    .columns(['quote_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('inbox_messages_contact_idx')
    .on('inbox_messages')
    .columns(['contact_id', 'created_at'])
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_messages').execute()
  for (const table of ['quote_requests', 'contacts']) {
    await db.schema.dropIndex(`${table}_assigned_idx`).execute()
    await db.schema.alterTable(table).dropColumn('assignedAt').execute()
    await db.schema.alterTable(table).dropColumn('assignedTo').execute()
  }
}

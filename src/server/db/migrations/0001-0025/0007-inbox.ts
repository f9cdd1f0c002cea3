import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// The inbox (product.md §4): what the specification's QuoteRequest, Contact and EbookRequest
// lack, and a small key/value table for the settings admins edit in the app.
//  - quotes and contacts record who resolved them and when (cleared again on reopen);
//  - an e-book request is confirmed by its owner (double opt-in), may be unsubscribed, and says where
//    it came from (the mailing tool's "source" column);
//  - settings: one JSON value per key (the services list, the e-book file, the retention days).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  for (const table of ['quote_requests', 'contacts']) {
    await db.schema.alterTable(table).addColumn('resolvedAt', t.timestamp).execute()
    await db.schema
      .alterTable(table)
      .addColumn('resolvedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute()
    // Erase-by-e-mail and the sender's other messages look rows up by address.
    await db.schema.createIndex(`${table}_email_idx`).on(table).expression(sql`lower(email)`).execute()
    // The staff tables' default view (pending first, newest first) and the retention purge.
    await db.schema
      .createIndex(`${table}_status_created_idx`)
      .on(table)
      .columns(['status', 'createdAt'])
      .execute()
    await db.schema.createIndex(`${table}_resolved_at_idx`).on(table).column('resolvedAt').execute()
  }

  await db.schema.alterTable('ebook_requests').addColumn('confirmedAt', t.timestamp).execute()
  await db.schema.alterTable('ebook_requests').addColumn('unsubscribedAt', t.timestamp).execute()
  await db.schema
    .alterTable('ebook_requests')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('website'))
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON text: each key's shape is checked by its zod schema when read and written.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute()
  for (const column of ['source', 'unsubscribedAt', 'confirmedAt']) {
    await db.schema.alterTable('ebook_requests').dropColumn(column).execute()
  }
  for (const table of ['quote_requests', 'contacts']) {
    await db.schema.dropIndex(`${table}_resolved_at_idx`).execute()
    await db.schema.dropIndex(`${table}_status_created_idx`).execute()
    await db.schema.dropIndex(`${table}_email_idx`).execute()
    await db.schema.alterTable(table).dropColumn('resolvedBy').execute()
    await db.schema.alterTable(table).dropColumn('resolvedAt').execute()
  }
}

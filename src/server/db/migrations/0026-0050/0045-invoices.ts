import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Invoices and credit notes (docs/decisions/0126): numbered documents whose contents are fixed when
// they are issued. `document_numbers` holds one gapless counter per series (INV, CN) and year; a
// number is taken by one upsert on its row inside the transaction that issues the document, so the
// row lock makes concurrent issuers (several instances on PostgreSQL) wait in turn and a rolled-back
// transaction gives its number back. The buyer's billing details join their profile; an e-mail in the
// outbox can name attachments made when it is sent.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('document_numbers')
    .addColumn('series', 'text', (c) => c.notNull().check(oneOf('series', ['INV', 'CN'])))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_numbers_pkey', ['series', 'year'])
    .execute()
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', t.bigint, (c) => c.notNull())
    .addColumn('discount', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('total', t.bigint, (c) => c.notNull())
    .addColumn('vat_amount', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('invoices_issued_at_idx').on('invoices').columns(['issued_at']).execute()
  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('refund_id', 'text', (c) => c.notNull().unique().references('refunds.id'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', t.bigint, (c) => c.notNull())
    .addColumn('vat_amount', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('credit_notes_invoice_idx').on('credit_notes').columns(['invoice_id']).execute()
  await db.schema
    .createIndex('credit_notes_issued_at_idx')
    .on('credit_notes')
    .columns(['issued_at'])
    .execute()
  await db.schema.alterTable('users').addColumn('billing_address', 'text').execute()
  await db.schema.alterTable('users').addColumn('tax_number', 'text').execute()
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute()
  await db.schema.alterTable('users').dropColumn('tax_number').execute()
  await db.schema.alterTable('users').dropColumn('billing_address').execute()
  await db.schema.dropTable('credit_notes').execute()
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropTable('document_numbers').execute()
}

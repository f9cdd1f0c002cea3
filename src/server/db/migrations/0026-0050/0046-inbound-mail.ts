import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Inbound mail (docs/decisions/0128): customers answer by e-mail and the answer joins the thread.
// - `inbox_messages` takes a third kind, `customer` (a message from the entry's sender), with the part
//   staff read (`body`), the quoted history folded away (`quoted`), sanitized HTML (`html`) and the
//   sender's address and its Message-ID (`rfc_message_id`, what replies to it name in In-Reply-To).
// - An entry's `reply_token` names its conversation in the Reply-To of staff replies
//   (inbox+<token>@…); `flag` on contacts says why an entry made from mail is held for a look.
// - `inbound_mails` is the ledger of messages read from the mailbox, one per Message-ID (unique), so
//   storing is idempotent however often a message is read.
// - `inbox_attachments` keeps a customer's attachments as blobs with their entry.
// - `inbound_mailbox_state` remembers UIDVALIDITY and the last UID read per mailbox, and the last error.

const KINDS = ['reply', 'note', 'customer']

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db)
  const t = columnTypes(dialect)
  if (dialect === 'postgres') {
    await sql`alter table inbox_messages drop constraint inbox_messages_kind_check`.execute(db)
    await sql`alter table inbox_messages add constraint inbox_messages_kind_check
      check (${oneOf('kind', KINDS)})`.execute(db)
  } else {
    await rebuildSqliteMessages(db, t.timestamp)
  }
  for (const column of ['quoted', 'html', 'from_address', 'rfc_message_id']) {
    await db.schema.alterTable('inbox_messages').addColumn(column, 'text').execute()
  }
  for (const table of ['quote_requests', 'contacts']) {
    await db.schema.alterTable(table).addColumn('reply_token', 'text').execute()
    await db.schema.createIndex(`${table}_reply_token_key`).on(table).column('reply_token').unique().execute()
  }
  await db.schema.alterTable('contacts').addColumn('flag', 'text').execute()

  await db.schema
    .createTable('inbound_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('mailbox', 'text', (c) => c.notNull())
    .addColumn('uid', t.bigint, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(oneOf('outcome', ['threaded', 'new_entry', 'held', 'ignored'])),
    )
    .addColumn('reason', 'text')
    .addColumn('quote_id', 'text', (c) => c.references('quote_requests.id').onDelete('set null'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('inbox_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.references('quote_requests.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.references('inbox_messages.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('inbox_attachments_one_entry', sql`(quote_id is null) <> (contact_id is null)`)
    .execute()
  await db.schema
    .createIndex('inbox_attachments_quote_idx')
    .on('inbox_attachments')
    .column('quote_id')
    .execute()
  await db.schema
    .createIndex('inbox_attachments_contact_idx')
    .on('inbox_attachments')
    .column('contact_id')
    .execute()

  await db.schema
    .createTable('inbound_mailbox_state')
    .addColumn('mailbox', 'text', (c) => c.primaryKey())
    .addColumn('uid_validity', 'text')
    .addColumn('last_uid', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', t.timestamp)
    .addColumn('last_success_at', t.timestamp)
    .execute()
}

/** SQLite cannot change a CHECK in place: the table is rebuilt (nothing references it yet). */
async function rebuildSqliteMessages(
  // biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
  db: Kysely<any>,
  timestamp: ReturnType<typeof columnTypes>['timestamp'],
) {
  await db.schema
    .createTable('inbox_messages_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.references('quote_requests.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('inbox_messages_kind_check', oneOf('kind', KINDS))
    .addCheckConstraint('inbox_messages_one_entry', sql`(quote_id is null) <> (contact_id is null)`)
    .execute()
  await sql`insert into inbox_messages_next
    (id, quote_id, contact_id, kind, body, author_id, author_name, mail_id, created_at)
    select id, quote_id, contact_id, kind, body, author_id, author_name, mail_id, created_at
    from inbox_messages`.execute(db)
  await db.schema.dropTable('inbox_messages').execute()
  await sql`alter table inbox_messages_next rename to inbox_messages`.execute(db)
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
  await db.schema.dropTable('inbound_mailbox_state').execute()
  await db.schema.dropTable('inbox_attachments').execute()
  await db.schema.dropTable('inbound_mails').execute()
  await db.schema.alterTable('contacts').dropColumn('flag').execute()
  for (const table of ['quote_requests', 'contacts']) {
    await db.schema.dropIndex(`${table}_reply_token_key`).execute()
    await db.schema.alterTable(table).dropColumn('reply_token').execute()
  }
  for (const column of ['quoted', 'html', 'from_address', 'rfc_message_id']) {
    await db.schema.alterTable('inbox_messages').dropColumn(column).execute()
  }
}

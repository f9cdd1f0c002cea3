import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Client modification times (docs/decisions/0116): the time a sync client or a WebDAV mount says a
// file was last changed on its side (X-OC-Mtime on PUT, PROPPATCH of getlastmodified or
// Win32LastModifiedTime), so the file shows that time back and a two-way sync does not see a change
// that never happened. Null: the upload time (updatedAt) is the file's modification time.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('files').addColumn('clientModifiedAt', t.timestamp).execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('clientModifiedAt').execute()
}

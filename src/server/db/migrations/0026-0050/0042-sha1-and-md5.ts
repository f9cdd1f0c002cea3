import type { Kysely } from 'kysely'

// The SHA-1 and MD5 of each file's content and each kept version (docs/decisions/0120), computed while
// the bytes streamed in, beside the SHA-256: WebDAV sync clients (rclone, Nextcloud and ownCloud's)
// read them from oc:checksums. Null for content stored before this column: that file publishes no
// checksum until its content is replaced.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['files', 'file_versions']) {
    await db.schema.alterTable(table).addColumn('sha1', 'text').execute()
    await db.schema.alterTable(table).addColumn('md5', 'text').execute()
  }
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['files', 'file_versions']) {
    await db.schema.alterTable(table).dropColumn('md5').execute()
    await db.schema.alterTable(table).dropColumn('sha1').execute()
  }
}

import type { Kysely } from 'kysely'

// Whether a row still names a blob (blob-references.repository.ts: the blob deletion queue before
// every batch it deletes, fsck for every blob it did not find) read every file: with a million files,
// 140 ms on SQLite for each batch the deletion queue drained, on the event loop. Versions have had
// their index since 0029; files get theirs, so the lookup is a seek per key.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('files_path_idx').on('files').column('path').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_path_idx').execute()
}

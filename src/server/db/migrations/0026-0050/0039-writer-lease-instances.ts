import type { Kysely } from 'kysely'

// An upload's writer lease names the process that holds it (docs/decisions/0114): the instance (what a
// restarted instance keeps: its host and port) and the boot (new at every start). A lease naming this
// instance and an earlier boot was held by a request that died with that run, and is void at once.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('writer_instance', 'text').execute()
  await db.schema.alterTable('upload_sessions').addColumn('writer_boot', 'text').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_sessions').dropColumn('writer_boot').execute()
  await db.schema.alterTable('upload_sessions').dropColumn('writer_instance').execute()
}

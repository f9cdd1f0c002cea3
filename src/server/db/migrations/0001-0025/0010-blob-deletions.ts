import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Blobs whose file rows were deleted for good (permanent delete, empty trash, retention purge, a copy
// whose rows never committed). The row delete and the enqueue commit together; a periodic job deletes
// the blobs from storage and retries failures with a back-off (docs/decisions/0027). Deleting a blob
// that is already gone succeeds, so a retry after a crash is harmless.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('blob_deletions')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', t.timestamp, (c) => c.notNull())
    .addColumn('lastError', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('blob_deletions_due_idx').on('blob_deletions').column('nextAttemptAt').execute()
  await db.schema.createIndex('trash_items_folder_idx').on('trash_items').column('folder_id').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trash_items_folder_idx').execute()
  await db.schema.dropTable('blob_deletions').execute()
}

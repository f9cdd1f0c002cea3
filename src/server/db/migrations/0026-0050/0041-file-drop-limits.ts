import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// File drop limits (docs/decisions/0117): a file drop link may cap the bytes it takes in all
// (`drop_byte_limit`; its file count is `download_limit`, the link's use limit), and counts what it
// took (`dropped_bytes`), so a link whose creator has no storage quota is still bounded.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('share_links').addColumn('drop_byte_limit', t.bigint).execute()
  await db.schema
    .alterTable('share_links')
    .addColumn('dropped_bytes', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_links').dropColumn('dropped_bytes').execute()
  await db.schema.alterTable('share_links').dropColumn('drop_byte_limit').execute()
}

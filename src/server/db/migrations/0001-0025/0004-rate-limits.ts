import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Fixed-window throttling counters (src/server/lib/rate-limit). They live in the database, not in
// process memory, so several instances behind a load balancer share one count per key.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', t.timestamp, (c) => c.notNull())
    .execute()
  // The purge deletes by expiry; without this it would scan every counter.
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
}

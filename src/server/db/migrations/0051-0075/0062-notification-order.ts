import type { Kysely } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// PostgreSQL: the last notification id given out, in one row (id 1), which every transaction that
// records a notification locks until it commits, so ids grow in commit order (docs/decisions/0162).
// The upsert that takes its lock reads the latest committed id, which lets the whole record be one
// statement. SQLite needs no such row (one writer at a time).
// The row is derived: a backup leaves it out, and the next id is never below the notifications' own.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await db.schema
    .createTable('notification_order')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_id', 'text', (c) => c.notNull())
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await db.schema.dropTable('notification_order').execute()
}

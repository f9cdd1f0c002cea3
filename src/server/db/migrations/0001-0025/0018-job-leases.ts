import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// One row per periodic job: which instance holds the job's current run and until when
// (src/server/lib/jobs/job-leases.ts). Every instance schedules every job; the lease lets one of them
// do each run's work.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('job_leases')
    .addColumn('job_name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute()
}

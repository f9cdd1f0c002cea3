import { type Kysely, PostgresAdapter, type Transaction } from 'kysely'
import type { DB } from './schema'

/** What a named query runs on: the database, or the transaction of the service that calls it. */
export type Db = Kysely<DB> | Transaction<DB>

/** Whether `db` runs on PostgreSQL (else SQLite), for the few statements the dialects write differently. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

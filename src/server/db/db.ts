import type { Kysely, Transaction } from 'kysely'
import type { DB } from './schema'

/** What a named query runs on: the database, or the transaction of the service that calls it. */
export type Db = Kysely<DB> | Transaction<DB>

import fs from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely'
import { makePrivateIfPresentSync, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files'
import { loadPg, preparingStatements } from './pg-driver'
import type { DB } from './schema'
import { SqliteBooleanPlugin } from './sqlite-booleans'
import { SplitSqliteDialect } from './sqlite-split-driver'
import { startTransactionThread, type TransactionThread } from './sqlite-transaction-thread'
import { cachingStatements } from './statement-cache'
import { checkpointInBackground } from './wal-checkpointer'

export type Dialect = 'sqlite' | 'postgres'
export type DatabaseConfig =
  | {
      dialect: 'sqlite'
      file: string
      /**
       * False: transactions and checkpoints run on the main thread's writer, with no worker threads
       * (SQLITE_THREADS=off: for debugging, and for platforms without worker threads). Default true.
       */
      threads?: boolean
    }
  | { dialect: 'postgres'; url: string }

export interface Database {
  db: Kysely<DB>
  /**
   * What the live notification streams read through: their passes, unread counts and the checks of
   * their sessions (notifications.stream.ts). PostgreSQL: a small pool of its own, so a burst of
   * passes after a notification never holds up a request waiting for a connection, and whose
   * statements run on generic plans, planned once per connection (docs/decisions/0171). SQLite: `db`.
   */
  streamReads: Kysely<DB>
  dialect: Dialect
  close(): Promise<void>
  /** PostgreSQL: the pool's connections now (for metrics). SQLite has a writer and a reader, no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /** SQLite on a file (WAL): the thread its transactions run on. */
  transactionThread?: TransactionThread
  /** SQLite on a file (WAL): the thread its read-only transactions run on. */
  readOnlyTransactionThread?: TransactionThread
  /**
   * SQLite: resolves once the transaction holding the writer now, if any, has committed or rolled
   * back. (PostgreSQL delivers its notifications on commit and needs none.)
   */
  writesSettled?: () => Promise<void>
}

const SQLITE_CACHE_KIB = 64 * 1024
const SQLITE_WRITER_CACHE_KIB = 4 * 1024
const SQLITE_READ_THREAD_CACHE_KIB = 16 * 1024
const SQLITE_MMAP_BYTES = 256 * 1024 * 1024

export interface OpenOptions {
  /** Told when an idle pooled connection dies (e.g. the server restarted); pg then replaces it. */
  onConnectionError?: (error: Error) => void
  /** Told the SQL of every statement run (tests count a request's statements with it). */
  onQuery?: (sql: string) => void
}

/** Connections of the pool requests and jobs use, and of the live streams' own. */
const POOL_SIZE = 10
const STREAM_POOL_SIZE = 2

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  if (config.dialect === 'postgres') return openPostgres(config.url, options)

  createPrivateSqliteFile(config.file)
  const writer = new SqliteDatabase(config.file)
  const wal = writer.pragma('journal_mode = WAL', { simple: true }) === 'wal'
  // SQLite makes -wal and -shm with the database file's mode; any left from before are made private too.
  if (wal) for (const suffix of ['-wal', '-shm']) makePrivateIfPresentSync(`${config.file}${suffix}`)
  writer.pragma('foreign_keys = ON')
  writer.pragma('synchronous = NORMAL')
  tune(writer)
  // The writers' caches are small on purpose (this one, for plain writes, and the transaction
  // thread's): SQLite writes a transaction's changed pages to the log at its commit unless the cache
  // runs out of room first; then it spills them one at a time, inside the statements that go on, and
  // the commit has less left to write. Reads outside transactions have the reader and its large
  // cache; the writers read through the memory map (decisions 0106, 0107).
  writer.pragma(`cache_size = -${SQLITE_WRITER_CACHE_KIB}`)
  // A second connection reads the last committed state while the writer's transaction is open
  // (docs/decisions/0099). Only WAL lets a reader and a writer work at once; an in-memory database
  // is private to its one connection.
  const reader = wal ? new SqliteDatabase(config.file) : null
  if (reader) {
    tune(reader)
    // The reader is handed SELECTs only; should anything else reach it, SQLite refuses to write.
    reader.pragma('query_only = ON')
  }
  const threaded = wal && config.threads !== false
  // Checkpoints run on a worker thread, not inside a commit on the event loop (wal-checkpointer.ts).
  const checkpoints = threaded ? checkpointInBackground(config.file, writer) : undefined
  // Transactions run on a thread of their own, so a large one's commit does not hold the event loop
  // (sqlite-transaction-thread.ts). Its connection is set up as the writer is; its checkpoints are the
  // checkpoint worker's too (were that worker to stop, the writer's own commits checkpoint again).
  const transactions = threaded
    ? startTransactionThread(config.file, [
        'foreign_keys = ON',
        'synchronous = NORMAL',
        'busy_timeout = 5000',
        `cache_size = -${SQLITE_WRITER_CACHE_KIB}`,
        `mmap_size = ${SQLITE_MMAP_BYTES}`,
        'wal_autocheckpoint = 0',
      ])
    : null
  // Read-only transactions run on a second thread, on a connection that cannot write: a long read
  // (the trash's group totals) leaves the event loop without holding the writer.
  const readOnlyTransactions = threaded
    ? startTransactionThread(config.file, [
        'query_only = ON',
        'busy_timeout = 5000',
        `cache_size = -${SQLITE_READ_THREAD_CACHE_KIB}`,
        `mmap_size = ${SQLITE_MMAP_BYTES}`,
      ])
    : null
  const dialect = new SplitSqliteDialect({
    writer: cachingStatements(writer),
    reader: reader ? cachingStatements(reader) : null,
    transactions,
    readOnlyTransactions,
    beforeClose: checkpoints?.stop,
  })
  const db = new Kysely<DB>({
    dialect,
    plugins: [new SqliteBooleanPlugin()],
    log: queryLog(options),
  })
  return {
    db,
    streamReads: db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    writesSettled: () => dialect.writesSettled(),
    ...(transactions && { transactionThread: transactions }),
    ...(readOnlyTransactions && { readOnlyTransactionThread: readOnlyTransactions }),
  }
}

function openPostgres(url: string, options: OpenOptions): Database {
  // No JIT compiling: Depot's statements are short, and a plan whose estimate passes jit_above_cost
  // on a large table spent 5–15 ms compiling to save less (docs/decisions/0155).
  const pool = postgresPool(url, POOL_SIZE, 'SET jit = off', options)
  // The streams' statements are the same few for every reader, and PostgreSQL's own choice kept
  // planning the pass anew on every run (2.5 ms of planning to 0.8 ms of work): on these
  // connections it plans each once (docs/decisions/0171).
  const streamPool = postgresPool(
    url,
    STREAM_POOL_SIZE,
    'SET jit = off; SET plan_cache_mode = force_generic_plan',
    options,
  )
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) })
  const streamReads = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: streamPool }),
    log: queryLog(options),
  })
  return {
    db,
    streamReads,
    dialect: 'postgres',
    close: async () => {
      await Promise.all([db.destroy(), streamReads.destroy()])
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}

/**
 * A pool whose every connection runs `setup` before any statement the pool gives it, and prepares
 * each statement once (pg-driver.ts).
 */
function postgresPool(url: string, max: number, setup: string, options: OpenOptions) {
  const pool = new (loadPg().Pool)({ connectionString: url, max })
  // Without a listener, an idle client's error (server restart, admin termination) would crash the process.
  pool.on('error', (error) => options.onConnectionError?.(error))
  pool.on('connect', (client) => {
    client.query(setup).catch((error: Error) => options.onConnectionError?.(error))
    preparingStatements(client)
  })
  return pool
}

function tune(connection: SqliteDatabase.Database) {
  connection.pragma('busy_timeout = 5000')
  // A 64 MiB page cache (the default is 2 MiB) keeps the hot indexes of a large database in memory,
  // and reads go through a memory map of up to 256 MiB instead of a read() call per page.
  connection.pragma(`cache_size = -${SQLITE_CACHE_KIB}`)
  connection.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`)
}

function queryLog(options: OpenOptions) {
  const { onQuery } = options
  if (!onQuery) return undefined
  return (event: LogEvent) => onQuery(event.query.sql)
}

/** True when the database answers a trivial query. */
export async function isReachable(database: Database): Promise<boolean> {
  try {
    // Built as a SELECT, not raw SQL: on SQLite it runs on the reader, so readiness is not held up
    // behind a long write transaction.
    await database.db.selectNoFrom(sql<number>`1`.as('one')).execute()
    return true
  } catch {
    return false
  }
}

/**
 * The database file exists, owner-only, before SQLite opens it: SQLite would make it 0644 less the
 * umask, and its -wal and -shm after it. An in-memory database has no file.
 */
function createPrivateSqliteFile(file: string): void {
  if (file === ':memory:' || file === '') return
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE))
  fs.chmodSync(file, PRIVATE_FILE_MODE)
}

import fs from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { loadPg } from './pg-driver'
import type { DB } from './schema'
import { SqliteBooleanPlugin } from './sqlite-booleans'
import { cachingStatements } from './statement-cache'

export type Dialect = 'sqlite' | 'postgres'
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }

export interface Database {
  db: Kysely<DB>
  dialect: Dialect
  close(): Promise<void>
  /** PostgreSQL: the pool's connections now (for metrics). SQLite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number }
}

const SQLITE_CACHE_KIB = 64 * 1024
const SQLITE_MMAP_BYTES = 256 * 1024 * 1024

export interface OpenOptions {
  /** Told when an idle pooled connection dies (e.g. the server restarted); pg then replaces it. */
  onConnectionError?: (error: Error) => void
  /** Told the SQL of every statement run (tests count a request's statements with it). */
  onQuery?: (sql: string) => void
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  if (config.dialect === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: config.url, max: 10 })
    // Without a listener, an idle client's error (server restart, admin termination) would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) })
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    }
  }

  fs.mkdirSync(path.dirname(config.file), { recursive: true })
  const sqlite = new SqliteDatabase(config.file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // A 64 MiB page cache (the default is 2 MiB) keeps the hot indexes of a large database in memory,
  // and reads go through a memory map of up to 256 MiB instead of a read() call per page.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`)
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`)
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
    plugins: [new SqliteBooleanPlugin()],
    log: queryLog(options),
  })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

function queryLog(options: OpenOptions) {
  const { onQuery } = options
  if (!onQuery) return undefined
  return (event: LogEvent) => onQuery(event.query.sql)
}

/** True when the database answers a trivial query. */
export async function isReachable(database: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db)
    return true
  } catch {
    return false
  }
}

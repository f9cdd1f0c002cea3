import type { Database as BetterSqlite, Statement } from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

// Kysely's SQLite driver prepares every statement again on each query; compiling the SQL in SQLite
// was a seventh of a listing's CPU (docs/decisions/0095). This keeps prepared statements by their SQL
// text, least recently used dropped first. Correct by construction: a statement is immutable SQL, and
// SQLite re-prepares it by itself when the schema changed (a migration) before its next step. A
// statement still iterating is busy (better-sqlite3 lets nothing else run on the connection then, and
// Kysely holds its one connection for a stream): should one be asked for anyway, a fresh one is made.

const DEFAULT_SIZE = 200

export function cachingStatements(database: BetterSqlite, size = DEFAULT_SIZE): SqliteDatabase {
  const cache = new Map<string, Statement>()
  return {
    close: () => {
      cache.clear()
      database.close()
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql)
      if (cached && !cached.busy) {
        // Map order is insertion order: moving the entry to the end keeps the oldest first.
        cache.delete(sql)
        cache.set(sql, cached)
        return cached as unknown as SqliteStatement
      }
      const statement = database.prepare(sql)
      if (!cached) {
        cache.set(sql, statement)
        if (cache.size > size) cache.delete(cache.keys().next().value as string)
      }
      return statement as unknown as SqliteStatement
    },
  }
}

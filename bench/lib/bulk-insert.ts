import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'

// Bulk inserts for seeds of a million rows: plain multi-row INSERT statements with bound values,
// straight through the drivers (better-sqlite3 on the SQLite file, one pg client on PostgreSQL), all
// in one transaction. Kysely is not in the way: building a query tree for every thousand rows costs
// more than the database's own work. Triggers fire as for any insert, so the derived tables (name
// search, kept counts, day totals) are right when the seed commits.

/** One table's rows as arrays in `columns` order; booleans as JavaScript booleans, times as ISO text. */
export type Row = readonly unknown[]

export interface BulkWriter {
  /** Inserts `rows` into `table` in statements of as many rows as the driver's variable limit allows. */
  insert(table: string, columns: readonly string[], rows: Iterable<Row>): Promise<number>
  /** Runs a statement without values (ANALYZE, a pragma). */
  exec(statement: string): Promise<void>
  /** Commits and closes. */
  finish(): Promise<void>
}

// Both drivers take at least 32,766 bound values per statement (SQLite's default limit since 3.32).
const MAX_VALUES = 30_000
const MAX_ROWS = 1_000

function rowsPerStatement(columns: readonly string[]): number {
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns.length)))
}

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ')

async function insertChunked(
  columns: readonly string[],
  rows: Iterable<Row>,
  run: (chunk: Row[]) => Promise<void> | void,
): Promise<number> {
  const size = rowsPerStatement(columns)
  let chunk: Row[] = []
  let count = 0
  for (const row of rows) {
    chunk.push(row)
    if (chunk.length === size) {
      await run(chunk)
      count += chunk.length
      chunk = []
    }
  }
  if (chunk.length > 0) {
    await run(chunk)
    count += chunk.length
  }
  return count
}

/**
 * A writer on Depot's SQLite file (migrated, and not being written by anyone else meanwhile): one
 * transaction, no fsync until the commit (a seed that dies is simply made again).
 */
export function sqliteBulkWriter(file: string): BulkWriter {
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = OFF')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('cache_size = -262144')
  sqlite.exec('begin')
  const statements = new Map<string, SqliteDatabase.Statement>()
  const statementFor = (table: string, columns: readonly string[], count: number) => {
    const key = `${table}|${columns.join(',')}|${count}`
    let statement = statements.get(key)
    if (!statement) {
      const one = `(${columns.map(() => '?').join(', ')})`
      statement = sqlite.prepare(
        `insert into "${table}" (${quoted(columns)}) values ${Array(count).fill(one).join(', ')}`,
      )
      statements.set(key, statement)
    }
    return statement
  }
  return {
    insert: (table, columns, rows) =>
      insertChunked(columns, rows, (chunk) => {
        const values: unknown[] = []
        for (const row of chunk)
          for (const value of row) values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value)
        statementFor(table, columns, chunk.length).run(values)
      }),
    exec: async (statement) => {
      sqlite.exec(statement)
    },
    finish: async () => {
      sqlite.exec('commit')
      sqlite.pragma('wal_checkpoint(TRUNCATE)')
      sqlite.close()
    },
  }
}

/** A writer on a PostgreSQL database: one client, one transaction, no wait for the WAL flush. */
export async function postgresBulkWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('set synchronous_commit = off')
  await client.query('begin')
  const texts = new Map<string, string>()
  const textFor = (table: string, columns: readonly string[], count: number) => {
    const key = `${table}|${columns.join(',')}|${count}`
    let text = texts.get(key)
    if (!text) {
      const tuples: string[] = []
      for (let r = 0; r < count; r++)
        tuples.push(`(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      text = `insert into "${table}" (${quoted(columns)}) values ${tuples.join(', ')}`
      texts.set(key, text)
    }
    return text
  }
  let inTransaction = true
  return {
    insert: (table, columns, rows) =>
      insertChunked(columns, rows, async (chunk) => {
        await client.query(textFor(table, columns, chunk.length), chunk.flat())
      }),
    exec: async (statement) => {
      // ANALYZE and VACUUM see committed rows best outside the seed's transaction.
      if (inTransaction) {
        await client.query('commit')
        inTransaction = false
      }
      await client.query(statement)
    },
    finish: async () => {
      if (inTransaction) await client.query('commit')
      await client.end()
    },
  }
}

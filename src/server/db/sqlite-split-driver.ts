import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from 'kysely'
import type { TransactionThread } from './sqlite-transaction-thread'

// SQLite behind Kysely with a writer and, in WAL mode, a reader connection (docs/decisions/0099).
// Kysely's own SQLite driver hands its one connection to one user at a time, so a long transaction
// that yields to the event loop between chunks (trashing a 100k-item subtree) held up every other
// request that touched the database until it committed. Here the writer still runs transactions and
// every write statement one at a time, but a plain SELECT issued outside a transaction runs on the
// reader at once; WAL gives it the last committed snapshot, so a request sees its own committed
// writes and never a transaction's uncommitted ones. better-sqlite3 is synchronous, so a statement on
// the reader finishes before any other JavaScript runs: the reader needs no lock, except while a
// stream iterates on it (the connection is busy then), when plain reads go the writer's way as before.
// Transactions run on a thread of their own when one is given (sqlite-transaction-thread.ts, decision
// 0107), so that neither their statements nor their commit hold the event loop; the writer lock still
// lets one of them, or one plain write on the writer, run at a time. A read-only transaction
// (`db.transaction().setAccessMode('read only')`) runs on a second thread whose connection cannot
// write, and holds neither the writer nor the write thread: it is how a long read leaves the event loop.

/** FIFO lock: who asked first gets the writer first. */
class Mutex {
  #held = false
  #waiting: Array<() => void> = []

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  unlock(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
}

/** Only a query built as a SELECT (a WITH … SELECT included) is known to read only; raw SQL is not. */
export function readsOnly(query: CompiledQuery): boolean {
  return SelectQueryNode.is(query.query)
}

function run(database: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql)
  if (statement.reader) return { rows: statement.all(query.parameters) as unknown[] }
  const { changes, lastInsertRowid } = statement.run(query.parameters)
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  }
}

export interface SplitConnections {
  writer: SqliteDatabase
  /** A second handle on the same WAL file; null runs everything on the writer (in-memory, not WAL). */
  reader: SqliteDatabase | null
  /** Where transactions run while it is usable; without one they run on the writer. */
  transactions?: TransactionThread | null
  /** Where read-only transactions run while it is usable; without one they run as the others do. */
  readOnlyTransactions?: TransactionThread | null
  /** Runs before the connections close (the background checkpoints let go of the file). */
  beforeClose?: () => Promise<void>
}

export class SplitSqliteDriver implements Driver {
  readonly writer: SqliteDatabase
  readonly reader: SqliteDatabase | null
  readonly transactions: TransactionThread | null
  readonly readOnlyTransactions: TransactionThread | null
  readonly #beforeClose: (() => Promise<void>) | undefined
  readonly #writerLock = new Mutex()
  /** One read-only transaction at a time on the read thread's one connection. */
  readonly #readThreadLock = new Mutex()
  /** Streams iterating on the reader now (0 or 1: a second one goes to the writer). */
  #readerStreams = 0

  constructor({ writer, reader, transactions, readOnlyTransactions, beforeClose }: SplitConnections) {
    this.writer = writer
    this.reader = reader
    this.transactions = transactions ?? null
    this.readOnlyTransactions = readOnlyTransactions ?? null
    this.#beforeClose = beforeClose
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // No lock yet: what the connection takes depends on what it is asked to run.
    return new RoutedConnection(this)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection
    if (settings.accessMode === 'read only' && (await routed.holdReadThread())) {
      // Deferred: the snapshot is taken at the first read, on a connection that cannot write.
      await routed.executeQuery(CompiledQuery.raw('begin'))
      return
    }
    await routed.holdWriter()
    // IMMEDIATE: the write lock from the start. A deferred transaction that read first and wrote later
    // failed at once (SQLITE_BUSY_SNAPSHOT, which busy_timeout does not wait out) when another process
    // on the file, such as the admin CLI, had committed in between; now that process waits instead.
    await routed.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointQuery('savepoint', name))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointQuery('rollback to', name))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointQuery('release', name))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely releases in a finally: a transaction's writer is let go even when its commit failed.
    ;(connection as RoutedConnection).letGo()
  }

  async destroy(): Promise<void> {
    await this.transactions?.close()
    await this.readOnlyTransactions?.close()
    await this.#beforeClose?.()
    this.reader?.close()
    this.writer.close()
  }

  lockReadThread(): Promise<void> {
    return this.#readThreadLock.lock()
  }

  unlockReadThread(): void {
    this.#readThreadLock.unlock()
  }

  lockWriter(): Promise<void> {
    return this.#writerLock.lock()
  }

  unlockWriter(): void {
    this.#writerLock.unlock()
  }

  /** The reader, taken for a stream when it is free; null sends the stream to the writer. */
  takeReaderForStream(): SqliteDatabase | null {
    if (!this.reader || this.#readerStreams > 0) return null
    this.#readerStreams++
    return this.reader
  }

  giveBackReader(): void {
    this.#readerStreams--
  }

  /** The reader for one plain statement, when it is free to take it. */
  readerForStatement(): SqliteDatabase | null {
    return this.#readerStreams > 0 ? null : this.reader
  }
}

function savepointQuery(command: string, name: string) {
  // The statement Kysely's own driver sends (`savepoint "name"`); its parser is not exported.
  return CompiledQuery.raw(`${command} "${name.replaceAll('"', '""')}"`)
}

class RoutedConnection implements DatabaseConnection {
  readonly #driver: SplitSqliteDriver
  /** What a transaction holds from its begin until the connection is released. */
  #holds: 'writer' | 'read thread' | null = null
  /** The thread the held transaction runs on; null runs it on the writer. */
  #thread: TransactionThread | null = null

  constructor(driver: SplitSqliteDriver) {
    this.#driver = driver
  }

  /** Takes the read thread for a read-only transaction; false when there is none to take. */
  async holdReadThread(): Promise<boolean> {
    const thread = this.#driver.readOnlyTransactions
    if (!thread || !(await thread.ready) || !thread.usable) return false
    await this.#driver.lockReadThread()
    this.#holds = 'read thread'
    this.#thread = thread
    return true
  }

  async holdWriter(): Promise<void> {
    if (this.#holds) return
    await this.#driver.lockWriter()
    this.#holds = 'writer'
    // Chosen once for the whole transaction: a thread that stops midway fails the rest of it (and its
    // connection's closing rolls it back) rather than finishing it on another connection. The first
    // transactions after opening wait the few milliseconds the thread takes to start.
    const thread = this.#driver.transactions
    this.#thread = thread && (await thread.ready) && thread.usable ? thread : null
  }

  letGo(): void {
    const held = this.#holds
    this.#holds = null
    this.#thread = null
    if (held === 'writer') this.#driver.unlockWriter()
    else if (held === 'read thread') this.#driver.unlockReadThread()
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#thread) return (await this.#thread.run(query)) as QueryResult<R>
    if (this.#holds === 'writer') return run(this.#driver.writer, query) as QueryResult<R>
    const reader = readsOnly(query) ? this.#driver.readerForStatement() : null
    if (reader) return run(reader, query) as QueryResult<R>
    await this.#driver.lockWriter()
    try {
      return run(this.#driver.writer, query) as QueryResult<R>
    } finally {
      this.#driver.unlockWriter()
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!readsOnly(query)) throw new Error('Sqlite driver only supports streaming of select queries')
    if (this.#thread) {
      // Inside a transaction on the thread the rows come back in one answer; no code streams there.
      const { rows } = await this.#thread.run(query)
      for (const row of rows) yield { rows: [row as R] }
      return
    }
    if (this.#holds === 'writer') {
      yield* iterate<R>(this.#driver.writer, query)
      return
    }
    const reader = this.#driver.takeReaderForStream()
    if (reader) {
      try {
        yield* iterate<R>(reader, query)
      } finally {
        this.#driver.giveBackReader()
      }
      return
    }
    // The reader is streaming already: this one holds the writer for its length, as Kysely's driver did.
    await this.#driver.lockWriter()
    try {
      yield* iterate<R>(this.#driver.writer, query)
    } finally {
      this.#driver.unlockWriter()
    }
  }
}

function* iterate<R>(database: SqliteDatabase, query: CompiledQuery): Generator<QueryResult<R>> {
  const statement = database.prepare(query.sql)
  for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] }
}

/** Kysely's SQLite dialect with the split driver in place of its own. */
export class SplitSqliteDialect implements Dialect {
  readonly #connections: SplitConnections
  #driver: SplitSqliteDriver | undefined

  constructor(connections: SplitConnections) {
    this.#connections = connections
  }

  createDriver(): Driver {
    this.#driver = new SplitSqliteDriver(this.#connections)
    return this.#driver
  }

  /**
   * Resolves once the transaction or write that holds the writer now, if any, has ended: its commit is
   * then visible to every connection. A transaction's commit on its thread lets the event loop run
   * before it lands, so whatever reacts to a change made inside it (live notification delivery) waits
   * for this first.
   */
  async writesSettled(): Promise<void> {
    if (!this.#driver) return
    await this.#driver.lockWriter()
    this.#driver.unlockWriter()
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler()
  }

  createAdapter() {
    return new SqliteAdapter()
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db)
  }
}

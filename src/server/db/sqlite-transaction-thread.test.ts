import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { CompiledQuery, type Generated, type Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { turnsDuring } from '../../../test/support/event-loop-turns'
import { type Database, openDatabase } from './connection'
import { startTransactionThread, type TransactionThread } from './sqlite-transaction-thread'

// Transactions on a SQLite file run on a thread of their own (decision 0107), opened the way the server
// opens them: the event loop goes on turning while a transaction's statements and its commit run, and
// what crosses between the threads (rows, blobs, errors) arrives as the main thread's own driver gave it.

interface Db {
  items: { id: Generated<number>; name: string; body: Buffer | null }
}

const opened: { dir: string; database: Database }[] = []
afterEach(async () => {
  for (const { dir, database } of opened.splice(0)) {
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function open(threads = true) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-trx-thread-'))
  const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite'), threads })
  opened.push({ dir, database })
  const db = database.db as unknown as Kysely<Db>
  await sql`create table items (id integer primary key, name text not null unique, body blob)`.execute(db)
  return { db, database }
}

const names = async (db: Kysely<Db>) =>
  (await db.selectFrom('items').select('name').orderBy('id').execute()).map((r) => r.name)

/** A statement that keeps SQLite busy for a while (counting to three million). */
const busyCount = sql<{
  n: number
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
  select count(*) as n from c`

describe('transactions on the SQLite thread', () => {
  it('run their statements while the event loop goes on turning; a plain read still runs on it', async () => {
    const { db } = await open()
    let counted = 0
    const inTransaction = await turnsDuring(() =>
      db.transaction().execute(async (trx) => {
        counted = (await busyCount.execute(trx)).rows[0]!.n
      }),
    )
    expect(counted).toBe(3_000_000)
    expect(inTransaction).toBeGreaterThanOrEqual(3)
    // The same statement outside a transaction runs on the reader, synchronously: no turn between.
    const onReader = await turnsDuring(() => busyCount.execute(db))
    expect(onReader).toBe(0)
  })

  it('commit what they wrote and roll back what failed, with the writer free after', async () => {
    const { db } = await open()
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'kept' }).execute()
      expect(await trx.selectFrom('items').select('name').execute()).toEqual([{ name: 'kept' }])
    })
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'dropped' }).execute()
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await db.insertInto('items').values({ name: 'after' }).execute()
    expect(await names(db)).toEqual(['kept', 'after'])
  })

  it("keep SQLite's error and its code", async () => {
    const { db } = await open()
    await db.insertInto('items').values({ name: 'taken' }).execute()
    const failure = await db
      .transaction()
      .execute((trx) => trx.insertInto('items').values({ name: 'taken' }).execute())
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SqliteDatabase.SqliteError)
    expect(failure).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' })
    expect(String((failure as Error).message)).toContain('UNIQUE constraint failed: items.name')
  })

  it('carry blobs both ways as Buffers, and numbers and nulls as they are', async () => {
    const { db } = await open()
    const bytes = Buffer.from([0, 1, 2, 250, 255])
    const rows = await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('items').values({ name: 'blob', body: bytes }).executeTakeFirst()
      expect(inserted.insertId).toBe(1n)
      await trx.insertInto('items').values({ name: 'empty', body: null }).execute()
      return trx.selectFrom('items').selectAll().orderBy('id').execute()
    })
    expect(Buffer.isBuffer(rows[0]!.body)).toBe(true)
    expect(rows[0]!.body!.equals(bytes)).toBe(true)
    expect(rows[1]).toEqual({ id: 2, name: 'empty', body: null })
    const stored = await db.selectFrom('items').select('body').where('id', '=', 1).executeTakeFirstOrThrow()
    expect(stored.body!.equals(bytes)).toBe(true)
  })

  it('take savepoints of a controlled transaction on the thread', async () => {
    const { db } = await open()
    const trx = await db.startTransaction().execute()
    await trx.insertInto('items').values({ name: 'first' }).execute()
    const point = await trx.savepoint('before_second').execute()
    await point.insertInto('items').values({ name: 'second' }).execute()
    await point.rollbackToSavepoint('before_second').execute()
    await trx.insertInto('items').values({ name: 'third' }).execute()
    await trx.commit().execute()
    expect(await names(db)).toEqual(['first', 'third'])
  })

  it('run read-only on a thread of their own, beside a write transaction, and cannot write', async () => {
    const { db } = await open()
    await db.insertInto('items').values({ name: 'committed' }).execute()
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let seen: string[] = []
    const reading = db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        seen = (await trx.selectFrom('items').select('name').execute()).map((r) => r.name)
        await released
        // Its snapshot: what was committed when it first read, not the write made since.
        seen.push(...(await trx.selectFrom('items').select('name').execute()).map((r) => r.name))
      })
    await expect.poll(() => seen.length).toBe(1)
    // A write transaction does not wait for the read-only one.
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'written' }).execute())
    release()
    await reading
    expect(seen).toEqual(['committed', 'committed'])
    expect(await names(db)).toEqual(['committed', 'written'])

    const turns = await turnsDuring(() =>
      db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => busyCount.execute(trx)),
    )
    expect(turns).toBeGreaterThanOrEqual(3)
    await expect(
      db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => trx.insertInto('items').values({ name: 'sneaked' }).execute()),
    ).rejects.toMatchObject({ code: 'SQLITE_READONLY' })
    expect(await names(db)).toEqual(['committed', 'written'])
  })

  it('fail when the thread stops midway, roll back, and run on the writer from then on', async () => {
    const { db, database } = await open()
    const thread = database.transactionThread!
    expect(await thread.ready).toBe(true)
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'lost' }).execute()
        await thread.close()
        await trx.insertInto('items').values({ name: 'never' }).execute()
      }),
    ).rejects.toThrow('the SQLite transaction thread stopped')
    expect(thread.usable).toBe(false)
    // The thread's connection closed with its transaction open: SQLite rolled it back and let go of
    // the write lock, so the writer takes the next transaction at once.
    await db
      .transaction()
      .execute((trx) => trx.insertInto('items').values({ name: 'on the writer' }).execute())
    expect(await names(db)).toEqual(['on the writer'])
    // Now on the event loop: nothing turns while a transaction's statement runs.
    const turns = await turnsDuring(() => db.transaction().execute((trx) => busyCount.execute(trx)))
    expect(turns).toBe(0)
  })

  it('run on the main thread with threads off: no worker, the same commits, rollbacks and errors', async () => {
    const { db, database } = await open(false)
    expect(database.transactionThread).toBeUndefined()
    expect(database.readOnlyTransactionThread).toBeUndefined()
    // A statement inside a transaction now holds the event loop, as better-sqlite3 on one thread does.
    const inTransaction = await turnsDuring(() => db.transaction().execute((trx) => busyCount.execute(trx)))
    expect(inTransaction).toBe(0)
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'kept' }).execute())
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'rolled back' }).execute()
        await trx.insertInto('items').values({ name: 'kept' }).execute()
      }),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' })
    expect(await names(db)).toEqual(['kept'])
    // Without the checkpoint worker the writer checkpoints in its commits, as SQLite does by default.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)
    expect(rows[0]!.wal_autocheckpoint).toBe(1000)
  })
})

describe("a statement's answer", () => {
  it('is taken on the spot when it comes within the wait, and awaited as a message otherwise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-trx-answer-'))
    const file = path.join(dir, 'test.sqlite')
    const setup = new SqliteDatabase(file)
    setup.pragma('journal_mode = WAL')
    setup.exec('create table items (id integer primary key, name text not null)')
    setup.close()
    // A wait no answer misses (the statements take microseconds), and none at all.
    const onTheSpot = startTransactionThread(file, ['busy_timeout = 5000'], { answerWaitMs: 10_000 })
    const asMessages = startTransactionThread(file, ['busy_timeout = 5000'], { answerWaitMs: 0 })
    const transactionOf = (thread: TransactionThread, prefix: string) => async () => {
      await thread.run(CompiledQuery.raw('begin immediate'))
      for (let i = 0; i < 20; i++)
        await thread.run(CompiledQuery.raw('insert into items (name) values (?)', [`${prefix} ${i}`]))
      await thread.run(CompiledQuery.raw('commit'))
    }
    try {
      expect(await onTheSpot.ready).toBe(true)
      expect(await asMessages.ready).toBe(true)
      // 22 statements, not one turn of the event loop between them: a short transaction holds the
      // writer for microseconds, not for 22 turns of whatever else the process is doing.
      expect(await turnsDuring(transactionOf(onTheSpot, 'spot'))).toBe(0)
      expect(await turnsDuring(transactionOf(asMessages, 'message'))).toBeGreaterThanOrEqual(22)
      const { rows } = await onTheSpot.run(
        CompiledQuery.raw("select count(*) as n, sum(name like 'spot %') as spot from items"),
      )
      expect(rows).toEqual([{ n: 40, spot: 20 }])
      // An error comes back on the spot too, with its code.
      await expect(onTheSpot.run(CompiledQuery.raw('insert into nowhere values (1)'))).rejects.toThrow(
        /no such table/,
      )
    } finally {
      await onTheSpot.close()
      await asMessages.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

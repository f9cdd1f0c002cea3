import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { type Generated, type Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './connection'
import { readsOnly } from './sqlite-split-driver'

// The split SQLite driver on a real WAL file, opened the way the server opens it: a plain read answers
// while a write transaction is open and sees only what was committed; writes still wait their turn.

interface Db {
  items: { id: Generated<number>; name: string }
}

const opened: { dir: string | null; database: Database }[] = []
afterEach(async () => {
  for (const { dir, database } of opened.splice(0)) {
    await database.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function open(file?: string) {
  const dir = file ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'depot-split-'))
  const database = openDatabase({ dialect: 'sqlite', file: file ?? path.join(dir as string, 'test.sqlite') })
  opened.push({ dir, database })
  const db = database.db as unknown as Kysely<Db>
  await sql`create table items (id integer primary key, name text not null)`.execute(db)
  return db
}

const names = async (db: Kysely<Db>) =>
  (await db.selectFrom('items').select('name').orderBy('id').execute()).map((r) => r.name)

/** Opens a transaction that inserts `name` and stays open until `commit()` is called. */
function openTransaction(db: Kysely<Db>, name: string, fail = false) {
  let commit!: () => void
  let inserted!: () => void
  const released = new Promise<void>((resolve) => {
    commit = resolve
  })
  const insertedOnce = new Promise<void>((resolve) => {
    inserted = resolve
  })
  let settled = false
  const done = db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('items').values({ name }).execute()
      inserted()
      await released
      if (fail) throw new Error('changed my mind')
    })
    .finally(() => {
      settled = true
    })
  return { commit, inserted: insertedOnce, done, isSettled: () => settled }
}

/** Lets the event loop turn a few times, so anything not waiting for a lock gets to finish. */
async function turns(n = 20) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('the split SQLite driver', () => {
  it('answers a read during an open write transaction with the committed state, then the new one', async () => {
    const db = await open()
    await db.insertInto('items').values({ name: 'before' }).execute()
    const trx = openTransaction(db, 'inside')
    await trx.inserted

    expect(await names(db)).toEqual(['before'])
    expect(trx.isSettled()).toBe(false)

    trx.commit()
    await trx.done
    expect(await names(db)).toEqual(['before', 'inside'])
  })

  it('makes a write outside a transaction wait until the transaction commits', async () => {
    const db = await open()
    const order: string[] = []
    const trx = openTransaction(db, 'inside')
    await trx.inserted
    const write = db
      .insertInto('items')
      .values({ name: 'outside' })
      .execute()
      .then(() => order.push('write'))
    await turns()
    expect(order).toEqual([])
    trx.commit()
    await trx.done.then(() => order.push('commit'))
    await write
    expect(order).toEqual(['commit', 'write'])
    expect(await names(db)).toEqual(['inside', 'outside'])
  })

  it('lets a request read its own committed write at once, on the reader', async () => {
    const db = await open()
    await db.insertInto('items').values({ name: 'mine' }).execute()
    // The writer is held from here on: the read below can only be answered by the reader.
    const trx = openTransaction(db, 'someone else')
    await trx.inserted
    expect(await names(db)).toEqual(['mine'])
    trx.commit()
    await trx.done
  })

  it('rolls a failed transaction back and frees the writer', async () => {
    const db = await open()
    const trx = openTransaction(db, 'doomed', true)
    await trx.inserted
    trx.commit()
    await expect(trx.done).rejects.toThrow('changed my mind')
    expect(await names(db)).toEqual([])
    await db.insertInto('items').values({ name: 'after' }).execute()
    expect(await names(db)).toEqual(['after'])
  })

  it('reads inside a transaction its own uncommitted rows', async () => {
    const db = await open()
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'x' }).execute()
      const rows = await trx.selectFrom('items').select('name').execute()
      expect(rows.map((r) => r.name)).toEqual(['x'])
    })
  })

  it('streams with .stream() during an open transaction, and alongside other reads and writes', async () => {
    const db = await open()
    await db
      .insertInto('items')
      .values(Array.from({ length: 300 }, (_, i) => ({ name: `n${i}` })))
      .execute()
    const trx = openTransaction(db, 'uncommitted')
    await trx.inserted

    const seen: string[] = []
    const other: string[] = []
    let reads = 0
    for await (const row of db.selectFrom('items').select('name').orderBy('id').stream()) {
      seen.push(row.name)
      if (seen.length === 100) {
        // The reader is busy with this stream: a plain read, the commit, a write and a second
        // stream (on the writer, as Kysely's own driver ran every stream) still go through.
        trx.commit()
        await trx.done
        reads = (await names(db)).length
        await db.insertInto('items').values({ name: 'late' }).execute()
        for await (const r of db.selectFrom('items').select('name').orderBy('id').stream()) other.push(r.name)
      }
    }
    expect(seen).toHaveLength(300) // the snapshot taken when the stream started
    expect(seen).not.toContain('uncommitted')
    expect(reads).toBe(301)
    expect(other.slice(-2)).toEqual(['uncommitted', 'late'])
    expect(other).toHaveLength(302)
  })

  it('runs everything on the one connection for an in-memory database', async () => {
    const db = await open(':memory:')
    const trx = openTransaction(db, 'inside')
    await trx.inserted
    // No second connection can see an in-memory database: the read waits for the transaction.
    const read = names(db)
    await turns()
    trx.commit()
    await trx.done
    expect(await read).toEqual(['inside'])
  })

  it('classifies only a built SELECT (with a WITH too) as a read', async () => {
    const db = await open()
    const select = db.selectFrom('items').selectAll().compile()
    const withSelect = db
      .with('n', (q) => q.selectFrom('items').select('name'))
      .selectFrom('n')
      .selectAll()
      .compile()
    const withInsert = db
      .with('n', (q) => q.selectFrom('items').select('name'))
      .insertInto('items')
      .columns(['name'])
      .expression((eb) => eb.selectFrom('n').select('name'))
      .compile()
    const insert = db.insertInto('items').values({ name: 'a' }).compile()
    const raw = sql`select 1`.compile(db)
    expect([select, withSelect, withInsert, insert, raw].map(readsOnly)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('takes the write lock when a transaction begins, so another process cannot write under its reads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-split-'))
    const file = path.join(dir, 'test.sqlite')
    const db = await open(file)
    // Another process on the same file, as the admin CLI is beside the server: it gives up at once.
    const other = new SqliteDatabase(file, { timeout: 0 })
    try {
      let otherWrite: unknown
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('items').selectAll().execute()
        try {
          other.exec("insert into items (name) values ('other')")
        } catch (error) {
          otherWrite = error
        }
        // Had the other write gone in after this read, this write would fail (SQLITE_BUSY_SNAPSHOT).
        await trx.insertInto('items').values({ name: 'mine' }).execute()
      })
      expect((otherWrite as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY')
      expect(await names(db)).toEqual(['mine'])
    } finally {
      other.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { cachingStatements } from './statement-cache'

// The cache must answer exactly what a fresh statement would: after the schema changed under it, inside
// and after transactions (rolled back or not), and while the same query is still being iterated.

interface Db {
  items: { id: Generated<number>; name: string; note?: string | null }
}

const open: { dir: string; db: Kysely<Db> }[] = []
afterEach(async () => {
  for (const { dir, db } of open.splice(0)) {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

function database(size?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-stmt-'))
  const raw = new SqliteDatabase(path.join(dir, 'test.sqlite'))
  let prepared = 0
  const prepare = raw.prepare.bind(raw)
  raw.prepare = ((text: string) => {
    prepared++
    return prepare(text)
  }) as typeof raw.prepare
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: cachingStatements(raw, size) }) })
  open.push({ dir, db })
  return { db, prepared: () => prepared }
}

const names = (db: Kysely<Db>) => db.selectFrom('items').selectAll().orderBy('id').execute()

describe('cached SQLite statements', () => {
  it('prepares a statement once and answers each query with its own parameters', async () => {
    const { db, prepared } = database()
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    for (const name of ['a', 'b', 'c']) await db.insertInto('items').values({ name }).execute()
    const before = prepared()
    const one = (id: number) => db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst()
    expect(await one(1)).toEqual({ name: 'a' })
    expect(await one(3)).toEqual({ name: 'c' })
    expect(await one(9)).toBeUndefined()
    expect(prepared() - before).toBe(1)
  })

  it('sees the schema a migration left: new columns, and a table dropped and made again', async () => {
    const { db } = database()
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    await db.insertInto('items').values({ name: 'a' }).execute()
    expect(await names(db)).toEqual([{ id: 1, name: 'a' }])
    await sql`alter table items add column note text`.execute(db)
    await db.updateTable('items').set({ note: 'n' }).execute()
    expect(await names(db)).toEqual([{ id: 1, name: 'a', note: 'n' }])
    await sql`drop table items`.execute(db)
    await expect(names(db)).rejects.toThrow(/no such table/)
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    await db.insertInto('items').values({ name: 'z' }).execute()
    expect(await names(db)).toEqual([{ id: 1, name: 'z' }])
  })

  it('reads its own writes in a transaction and forgets them after a rollback', async () => {
    const { db } = database()
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    await db.insertInto('items').values({ name: 'kept' }).execute()
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'gone' }).execute()
        expect((await names(trx as unknown as Kysely<Db>)).map((r) => r.name)).toEqual(['kept', 'gone'])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await names(db)).map((r) => r.name)).toEqual(['kept'])
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'committed' }).execute())
    expect((await names(db)).map((r) => r.name)).toEqual(['kept', 'committed'])
  })

  it('answers the same query while a stream of it is still iterating', async () => {
    const { db } = database()
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    for (const name of ['a', 'b', 'c']) await db.insertInto('items').values({ name }).execute()
    const query = db.selectFrom('items').select('name').orderBy('id')
    const seen: string[] = []
    for await (const row of query.stream()) {
      seen.push(row.name)
      if (seen.length === 1) break
    }
    expect(await query.execute()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
    const rows: string[] = []
    for await (const row of query.stream()) rows.push(row.name)
    expect(rows).toEqual(['a', 'b', 'c'])
  })

  it('keeps at most its size, dropping the least recently used', async () => {
    const { db, prepared } = database(2)
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    const byId = () => db.selectFrom('items').select('id').execute()
    const byName = () => db.selectFrom('items').select('name').execute()
    const both = () => db.selectFrom('items').select(['id', 'name']).execute()
    await byId()
    await byName()
    let before = prepared()
    await byId() // cached; byName is now the oldest
    await both() // evicts byName
    expect(prepared() - before).toBe(1)
    before = prepared()
    await byId()
    await both()
    expect(prepared() - before).toBe(0)
    await byName()
    expect(prepared() - before).toBe(1)
  })
})

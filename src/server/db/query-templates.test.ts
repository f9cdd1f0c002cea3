import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { type Generated, Kysely, SqliteDialect } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db as DepotDb } from './db'
import { queryTemplate } from './query-templates'

// A template must answer exactly what building the query each time would: each call's values in
// their places (whatever order the slots appear in), one compiled query per shape, and inside a
// transaction the transaction's own view.

interface Db {
  items: { id: Generated<number>; name: string; rank: number }
}

const open: { dir: string; db: Kysely<Db> }[] = []
afterEach(async () => {
  for (const { dir, db } of open.splice(0)) {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-tmpl-'))
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dir, 'test.sqlite')) }),
  })
  open.push({ dir, db })
  await db.schema
    .createTable('items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .execute()
  await db
    .insertInto('items')
    .values(['a', 'b', 'c', 'd', 'e'].map((name, i) => ({ name, rank: i % 2 })))
    .execute()
  return db
}

type Values = { rank: number; after: string; limit: number }

function template() {
  const built: string[] = []
  const t = queryTemplate<Values, { name: string }>((anyDb, slot, shape) => {
    built.push(shape)
    const db = anyDb as unknown as Kysely<Db>
    // The limit's slot is used first in the SQL text below the others; the constant stays a constant.
    return db
      .selectFrom('items')
      .select('name')
      .where('rank', '=', slot.rank)
      .where('name', shape === 'down' ? '<' : '>', slot.after)
      .where('id', '>', 0)
      .orderBy('name', shape === 'down' ? 'desc' : 'asc')
      .limit(slot.limit)
  })
  return { t, built }
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name)

describe('query templates', () => {
  it('puts each call’s values in their places and compiles once per shape', async () => {
    const db = (await database()) as unknown as DepotDb
    const { t, built } = template()
    expect(names(await t.rows(db, 'up', { rank: 0, after: 'a', limit: 5 }))).toEqual(['c', 'e'])
    expect(names(await t.rows(db, 'up', { rank: 1, after: '', limit: 1 }))).toEqual(['b'])
    expect(names(await t.rows(db, 'down', { rank: 0, after: 'e', limit: 5 }))).toEqual(['c', 'a'])
    expect(names(await t.rows(db, 'up', { rank: 1, after: 'b', limit: 5 }))).toEqual(['d'])
    expect(built).toEqual(['up', 'down'])
  })

  it('runs inside a transaction on the transaction’s connection', async () => {
    const db = await database()
    const { t } = template()
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'f', rank: 1 }).execute()
      const rows = await t.rows(trx as unknown as DepotDb, 'up', { rank: 1, after: 'c', limit: 9 })
      expect(names(rows)).toEqual(['d', 'f'])
    })
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { type Database, openDatabase } from './connection'

// A large transaction's pages reach the log while it runs, not all inside its commit: the commit runs
// on the event loop, and writing tens of MiB there held every other request up.

const dirs: string[] = []
const databases: Database[] = []
afterEach(async () => {
  for (const database of databases.splice(0)) await database.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

it('spills a large transaction to the log before its commit', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-writer-cache-'))
  dirs.push(dir)
  const file = path.join(dir, 'test.sqlite')
  const database = openDatabase({ dialect: 'sqlite', file })
  databases.push(database)
  await sql`create table t (id integer primary key, body text not null)`.execute(database.db)
  const logBytes = () => fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0
  const before = logBytes()
  let duringTransaction = 0
  await database.db.transaction().execute(async (trx) => {
    // 24 MiB of rows, in statements of 1 MiB.
    for (let batch = 0; batch < 24; batch++) {
      const rows = Array.from({ length: 64 }, (_, i) => `(${batch * 64 + i}, '${'x'.repeat(16 * 1024)}')`)
      await sql.raw(`insert into t (id, body) values ${rows.join(',')}`).execute(trx)
    }
    duringTransaction = logBytes() - before
  })
  // Most of it is in the log already; a 64 MiB cache would have held all of it until the commit.
  expect(duringTransaction).toBeGreaterThan(16 * 2 ** 20)
  const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(database.db)
  expect(rows[0]!.n).toBe(24 * 64)
})

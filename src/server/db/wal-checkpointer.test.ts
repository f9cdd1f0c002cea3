import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runScript } from '../../../test/support/run-script'
import { type Database, openDatabase } from './connection'

// A commit never copies the log into the database file on the event loop: the worker thread does it
// soon after, and closing the database still leaves one tidy file.

const dirs: string[] = []
const databases: Database[] = []
afterEach(async () => {
  for (const database of databases.splice(0)) await database.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-checkpoint-'))
  dirs.push(dir)
  const file = path.join(dir, 'test.sqlite')
  const database = openDatabase({ dialect: 'sqlite', file })
  databases.push(database)
  return { database, file }
}

/** This process's open file descriptors on `file` (the worker thread's included). */
function handlesOn(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file
    } catch {
      return false
    }
  }).length
}

async function autocheckpointPages(database: Database): Promise<number> {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)
  return rows[0]!.wal_autocheckpoint
}

async function createTable(database: Database) {
  await sql`create table blobs (id integer primary key, body blob)`.execute(database.db)
}

/** About `mib` MiB of rows in one transaction: several thousand pages, past SQLite's 1,000-page mark. */
async function writeLarge(database: Database, mib: number) {
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < mib * 16; i++) {
      await sql`insert into blobs (body) values (randomblob(65536))`.execute(trx)
    }
  })
}

describe('background WAL checkpoints', () => {
  it('leaves the checkpoint of a large commit to the worker, which copies it soon after', async () => {
    const { database, file } = open()
    await vi.waitFor(async () => expect(await autocheckpointPages(database)).toBe(0), { timeout: 30_000 })
    await createTable(database)
    // The table's creation is a commit of its own: the worker copies its two pages (the schema and the
    // table's root) in its own time, which is before the large commit on a slow machine.
    await vi.waitFor(() => expect(fs.statSync(file).size).toBe(2 * 4096), { timeout: 30_000, interval: 50 })
    const before = fs.statSync(file).size

    await writeLarge(database, 8)
    // Right after the commit the pages are in the log only: the commit did not copy them.
    expect(fs.statSync(file).size).toBe(before)
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(8 * 1024 * 1024)

    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(8 * 1024 * 1024), {
      timeout: 30_000,
      interval: 50,
    })
    const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(database.db)
    expect(rows[0]!.n).toBe(128)
  })

  it('lets go of the file on close: no handle stays open on it, and the log is folded in', async () => {
    const { database, file } = open()
    await vi.waitFor(async () => expect(await autocheckpointPages(database)).toBe(0), { timeout: 30_000 })
    await createTable(database)
    await writeLarge(database, 2)
    expect(handlesOn(file)).toBeGreaterThanOrEqual(3) // the writer, the reader and the worker's
    await database.close()
    databases.splice(databases.indexOf(database), 1)

    expect(handlesOn(file)).toBe(0)
    expect(fs.existsSync(`${file}-wal`)).toBe(false)
    const reopened = openDatabase({ dialect: 'sqlite', file })
    databases.push(reopened)
    const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(reopened.db)
    expect(rows[0]!.n).toBe(32)
  })

  // The worker must not keep a process alive: a CLI ends when its work is done, whether or not it
  // closed its database.
  it.each([
    ['closes its database', 'await database.close()'],
    ['leaves its database open', ''],
  ])('lets a process that %s end by itself', (_, ending) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-checkpoint-exit-'))
    dirs.push(dir)
    const ended = runScript(dir, [
      `import { openDatabase } from ${JSON.stringify(path.resolve('src/server/db/connection.ts'))}`,
      `const database = openDatabase({ dialect: 'sqlite', file: ${JSON.stringify(path.join(dir, 'cli.sqlite'))} })`,
      'await new Promise((resolve) => setTimeout(resolve, 100))',
      ending,
      "console.log('done')",
    ])
    expect(ended).toEqual({ status: 0, out: 'done' })
  })
})

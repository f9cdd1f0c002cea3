import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type DatabaseConfig, openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'

/**
 * A throwaway database for one test file: a fresh SQLite file in a temp folder, or, when the suite
 * runs on PostgreSQL (TEST_DIALECT=postgres), a fresh database on the TEST_DATABASE_URL server.
 */
export interface TestDatabase {
  config: DatabaseConfig
  dir: string
  drop(): Promise<void>
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
}

export interface TestDatabaseOptions {
  /**
   * Start from a copy of a database already migrated to the latest schema (made once per set of
   * migrations and reused), instead of an empty one. Migrating an empty PostgreSQL database took
   * seconds per test file on a loaded machine; copying a template takes a fraction of that.
   */
  migrated?: boolean
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-test-'))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })

  if (testDialect() === 'sqlite') {
    const file = path.join(dir, 'test.sqlite')
    if (options.migrated) fs.copyFileSync(await migratedSqliteTemplate(), file)
    return {
      // SQLITE_THREADS=off runs a test file's transactions on the main thread, as the server then does.
      config: { dialect: 'sqlite', file, threads: process.env.SQLITE_THREADS !== 'off' },
      dir,
      drop: async () => removeDir(),
    }
  }

  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL')
  const name = `depot_t_${crypto.randomBytes(6).toString('hex')}`
  if (options.migrated) await createFromTemplate(adminUrl, name, await migratedPostgresTemplate(adminUrl))
  else await withAdmin(adminUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    config: { dialect: 'postgres', url: url.toString() },
    dir,
    drop: async () => {
      await dropWhenFree(adminUrl, name)
      removeDir()
    },
  }
}

/** A digest of every migration's source: a template is reused only by the migrations that made it. */
let schemaDigest: string | undefined
function migrationsDigest(): string {
  if (schemaDigest) return schemaDigest
  const folder = path.resolve('src/server/db/migrations')
  const hash = crypto.createHash('sha256')
  const files = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
  const paths = files.map((e) => path.relative(folder, path.join(e.parentPath, e.name))).sort()
  for (const file of paths) hash.update(file).update(fs.readFileSync(path.join(folder, file)))
  schemaDigest = hash.digest('hex').slice(0, 16)
  return schemaDigest
}

async function migrate(config: DatabaseConfig): Promise<void> {
  const database = openDatabase(config)
  try {
    await migrateToLatest(database)
  } finally {
    await database.close()
  }
}

/**
 * A migrated SQLite file in the temp folder, built once per set of migrations: built under a
 * unique name and renamed into place, so workers building it at once never see half a file.
 */
let sqliteTemplate: Promise<string> | undefined
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `depot-test-template-${migrationsDigest()}.sqlite`)
    if (fs.existsSync(file)) return file
    const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
    await migrate({ dialect: 'sqlite', file: building })
    // Closing the last connection checkpointed the WAL into the file; what is left beside it is empty.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${building}${suffix}`, { force: true })
    fs.renameSync(building, file)
    return file
  })()
  return sqliteTemplate
}

/**
 * A migrated PostgreSQL database to copy, named after the server's test database and the migrations'
 * digest (CI drops it with its own database). Workers build it one at a time under an advisory lock;
 * it is built under a temporary name and renamed, so a crash never leaves a half-migrated template.
 */
let postgresTemplate: Promise<string> | undefined
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const base = new URL(adminUrl).pathname.slice(1) || 'postgres'
    const name = `${base}_tpl_${migrationsDigest()}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
    await withAdmin(adminUrl, async (client) => {
      await client.query('select pg_advisory_lock(hashtext($1))', [name])
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name])
        if (found.rowCount) return
        const building = `${name}_wip`
        await client.query(`drop database if exists ${building} with (force)`)
        await client.query(`create database ${building}`)
        const url = new URL(adminUrl)
        url.pathname = `/${building}`
        await migrate({ dialect: 'postgres', url: url.toString() })
        await renameWhenFree(client, building, name)
        // Templates of earlier migrations are no use any more; one still being copied stays.
        const stale = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1 and datname <> $2',
          [`${base}_tpl_%`, name],
        )
        for (const { datname } of stale.rows) {
          await client.query(`drop database if exists ${datname}`).catch(() => {})
        }
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [name])
      }
    })
    return name
  })()
  return postgresTemplate
}

/** `create database … template …` needs the template to have no connections: wait for closing ones. */
async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    whenFree(() => client.query(`create database ${name} template ${template}`)),
  )
}

async function renameWhenFree(client: pg.Client, from: string, to: string): Promise<void> {
  await whenFree(() => client.query(`alter database ${from} rename to ${to}`))
}

/** Runs `statement`, again while PostgreSQL says a database it needs is still in use (55006). */
async function whenFree(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement()
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/**
 * pg's pool.end() resolves before its sockets have closed; forcing the drop at once would kill those
 * connections mid-close. Wait for them to go, and force only as a last resort.
 */
async function dropWhenFree(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name}`))
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error // 55006: still in use
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

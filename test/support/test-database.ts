import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { DatabaseConfig } from '../../src/server/db/connection'

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-test-'))
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })

  if (testDialect() === 'sqlite') {
    return {
      config: { dialect: 'sqlite', file: path.join(dir, 'test.sqlite') },
      dir,
      drop: async () => removeDir(),
    }
  }

  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL')
  const name = `depot_t_${crypto.randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`))
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

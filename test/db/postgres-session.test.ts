import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'

// How Depot's own PostgreSQL connections are set up, whatever the server's defaults.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

describe.skipIf(testDialect() !== 'postgres')('a PostgreSQL connection of the pool', () => {
  it('never JIT-compiles a statement, on every connection the pool opens', async () => {
    // More at once than one connection: each new connection of the pool is set up.
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.database.db.transaction().execute(async (trx) => {
          const row = await sql<{ jit: string }>`show jit`.execute(trx)
          await sql`select pg_sleep(0.05)`.execute(trx)
          return row.rows[0]?.jit
        }),
      ),
    )
    expect(settings).toEqual(Array(6).fill('off'))
  })
})

import { sql } from 'kysely'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { preparingStatements } from '../../src/server/db/pg-driver'
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

  it('reads timestamptz values as ISO-8601 UTC strings with milliseconds', async () => {
    const { rows } = await sql<{ at: string; text: string }>`
      select v::timestamptz as at, v::timestamptz::text as text from (values
        ('2026-12-01 13:23:44.123456+00'), ('2026-12-01 13:23:44+00'), ('2026-12-01 14:23:44.5+01'),
        ('1999-12-31 23:59:59.999999+00')) as t(v)`.execute(t.database.db)
    expect(rows.map((r) => r.at)).toEqual([
      '2026-12-01T13:23:44.123Z',
      '2026-12-01T13:23:44.000Z',
      '2026-12-01T13:23:44.500Z',
      '1999-12-31T23:59:59.999Z',
    ])
    for (const row of rows) expect(row.at).toBe(new Date(row.text).toISOString())
  })

  it('prepares a statement with values once per connection, and runs it by name after', async () => {
    const prepared = await t.database.db.transaction().execute(async (trx) => {
      for (const id of ['a', 'b', 'c'])
        await trx.selectFrom('users').select('id').where('id', '=', id).execute()
      await trx.selectFrom('users').select('id').where('name', 'like', 'Ad%').execute()
      const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)
      return rows.rows.map((r) => r.statement)
    })
    const users = prepared.filter((text) => text.startsWith('select "id" from "users"'))
    // One for the three runs; none for LIKE, whose plan must see its pattern.
    expect(users).toEqual(['select "id" from "users" where "id" = $1'])
  })

  it('keeps at most its size per connection, the least recently used given up first', async () => {
    const url = (t.testDb.config as { url: string }).url
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      preparingStatements(client as unknown as pg.PoolClient, 3)
      const run = (n: number) => client.query(`select ${n} + $1::int as n`, [1])
      for (const n of [1, 2, 3, 1, 4, 5]) expect((await run(n)).rows).toEqual([{ n: n + 1 }])
      const { rows } = await client.query('select statement from pg_prepared_statements order by statement')
      expect(rows.map((r) => r.statement)).toEqual([
        'select 1 + $1::int as n',
        'select 4 + $1::int as n',
        'select 5 + $1::int as n',
      ])
      // A failed statement aborts its transaction; the prepared ones still run after it.
      await client.query('begin')
      await expect(client.query('select 1 / $1::int as n', [0])).rejects.toThrow(/division by zero/)
      await client.query('rollback')
      expect((await run(5)).rows).toEqual([{ n: 6 }])
      expect((await client.query('select 1 / $1::int as n', [1])).rows).toEqual([{ n: 1 }])
    } finally {
      await client.end()
    }
  })
})

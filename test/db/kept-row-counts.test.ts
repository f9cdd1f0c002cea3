import { CompiledQuery, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { countAdmins } from '../../src/server/features/accounts/users.repository'
import { newId } from '../../src/server/lib/ids'
import { isUnfiltered } from '../../src/server/lib/list-query/apply-list-query'
import { type CountedTable, keptRowCount } from '../../src/server/lib/list-query/row-counts.repository'
import { adminUserListQuerySchema } from '../../src/shared/contract/admin-users'
import { quoteListQuerySchema } from '../../src/shared/contract/inbox-staff'
import { insertUser, signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The large staff tables' row counts (migration 0056, decision 0147) follow every insert and delete,
// one row or many in a statement, on both databases, and an unfiltered list's total is that count.

const t = await createTestApp()
const db = t.database.db

async function counted(table: CountedTable): Promise<number> {
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

const stamp = new Date().toISOString()
const quote = (i: number) => ({
  id: newId(),
  first_name: 'Kept',
  last_name: `Count ${i}`,
  business_name: null,
  industry: null,
  email: `kept${i}@example.com`,
  phone: null,
  service: null,
  message: 'Hello',
  status: 'pending' as const,
  createdAt: stamp,
  updatedAt: stamp,
  resolvedAt: null,
  resolvedBy: null,
  assignedTo: null,
  assignedAt: null,
  reply_token: null,
})

describe('kept row counts', () => {
  it('follow inserts and deletes of one row and of many in one statement', async () => {
    const before = await keptRowCount(db, 'quote_requests')
    expect(before).toBe(await counted('quote_requests'))
    const rows = Array.from({ length: 5 }, (_, i) => quote(i))
    await db.insertInto('quote_requests').values(rows).execute()
    await db.insertInto('quote_requests').values(quote(5)).execute()
    expect(await keptRowCount(db, 'quote_requests')).toBe(before + 6)
    await db
      .deleteFrom('quote_requests')
      .where(
        'id',
        'in',
        rows.slice(0, 3).map((r) => r.id),
      )
      .execute()
    expect(await keptRowCount(db, 'quote_requests')).toBe(before + 3)
    // An update moves no count; a statement that writes nothing neither.
    await db
      .updateTable('quote_requests')
      .set({ status: 'resolved' })
      .where('first_name', '=', 'Kept')
      .execute()
    await db.deleteFrom('quote_requests').where('id', '=', newId()).execute()
    expect(await keptRowCount(db, 'quote_requests')).toBe(await counted('quote_requests'))
  })

  it('roll back with the transaction they were written in', async () => {
    const before = await keptRowCount(db, 'users')
    await expect(
      db.transaction().execute(async (trx) => {
        await insertUser(trx)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await keptRowCount(db, 'users')).toBe(before)
    await insertUser(db)
    expect(await keptRowCount(db, 'users')).toBe(before + 1)
  })

  it('equal every counted table after the writes above', async () => {
    for (const table of ['users', 'orders', 'quote_requests', 'contacts', 'ebook_requests'] as const)
      expect(await keptRowCount(db, table)).toBe(await counted(table))
  })

  it('give an unfiltered staff list its total, and a filtered one counts', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const all = await call(admin, 'GET', '/api/admin/users?pageSize=5')
    expect(all.total).toBe(await counted('users'))
    // A wrong kept count would show in the unfiltered total only: the filtered one is counted.
    await sql`update row_counts set n = n + 1000 where table_name = 'users'`.execute(db)
    try {
      const kept = await call(admin, 'GET', '/api/admin/users?pageSize=5')
      expect(kept.total).toBe((await counted('users')) + 1000)
      const admins = await call(admin, 'GET', '/api/admin/users?pageSize=5&role=admin')
      const real = await db
        .selectFrom('users')
        .select(db.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow()
      expect(admins.total).toBe(Number(real.n))
    } finally {
      await sql`update row_counts set n = n - 1000 where table_name = 'users'`.execute(db)
    }
  })

  it('are used only for a query without a search or a filter', () => {
    expect(isUnfiltered(adminUserListQuerySchema.parse({ page: '3', sort: 'name', order: 'asc' }))).toBe(true)
    expect(isUnfiltered(adminUserListQuerySchema.parse({ q: 'ada' }))).toBe(false)
    expect(isUnfiltered(adminUserListQuerySchema.parse({ role: 'staff' }))).toBe(false)
    expect(isUnfiltered(quoteListQuerySchema.parse({ assigned: 'me' }))).toBe(false)
    expect(isUnfiltered(quoteListQuerySchema.parse({ from: '' }))).toBe(true)
  })
})

describe('the users page', () => {
  it('counts the admins from an index, not by reading every user', async () => {
    const admins = db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .where('isRestricted', '=', false)
      .compile()
    const plan =
      t.database.dialect === 'sqlite'
        ? (
            await db.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${admins.sql}`, [...admins.parameters]),
            )
          ).rows.map((r) => r.detail)
        : await db.connection().execute(async (conn) => {
            // PostgreSQL prefers a scan of a test's few rows: forbid it, then an index must serve.
            await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'))
            try {
              const result = await conn.executeQuery<{ 'QUERY PLAN': string }>(
                CompiledQuery.raw(`explain ${admins.sql}`, [...admins.parameters]),
              )
              return result.rows.map((r) => r['QUERY PLAN'])
            } finally {
              await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'))
            }
          })
    expect(plan.join('\n')).toMatch(/users_role_idx/)
    expect(await countAdmins(db)).toBeGreaterThanOrEqual(0)
  })
})

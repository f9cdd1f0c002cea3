import { describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { csvResponse } from '../../src/server/lib/csv/csv-response'
import { type CsvColumn, csvStream } from '../../src/server/lib/csv/csv-stream'
import { newId } from '../../src/server/lib/ids'
import type { ListColumns } from '../../src/server/lib/list-query/apply-list-query'
import { keysetBatches } from '../../src/server/lib/list-query/query-batches'
import { createTestApp } from '../support/test-app'

// An export as a feature will build it: the list's filters and order, every matching row, in batches.
const t = await createTestApp()
const db = t.database.db

const columns: ListColumns<DB, 'users', 'name'> = {
  searchColumns: ['users.name'],
  sortColumns: { name: 'users.name' },
  idColumn: 'users.id',
}
type Row = { id: string; name: string; emailVerified: string | null; isRestricted: boolean }
const csvColumns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Verified at', value: (r) => r.emailVerified },
  { header: 'Restricted', value: (r) => r.isRestricted },
]

describe('a CSV export from the database', () => {
  it('streams every matching row in list order, in batches, with the same values on both dialects', async () => {
    const createdAt = '2026-03-01T10:00:00.000Z'
    const rows = Array.from({ length: 600 }, (_, i) => {
      const name = i === 7 ? '=HYPERLINK("x") Export' : `Person ${String(i).padStart(4, '0')} Export`
      return {
        id: newId(),
        first_name: name.split(' ')[0]!,
        last_name: 'Export',
        name,
        email: `export-${i}@example.com`,
        emailVerified: i % 2 ? createdAt : null,
        isRestricted: i % 3 === 0,
        account_type: 'individual' as const,
        role: 'user' as const,
        staffFunctions: '[]',
        createdAt,
        updatedAt: createdAt,
      }
    })
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 100))
        .execute()
    await db
      .insertInto('users')
      .values({ ...rows[1]!, id: newId(), name: 'Not matching', email: 'x@example.com' })
      .execute()

    const base = db
      .selectFrom('users')
      .select(['id', 'name', 'emailVerified', 'isRestricted'])
      .where('name', 'like', '%Export')
    const query = { q: undefined, sort: 'name', order: 'asc' } as const
    const batches = keysetBatches(t.database.dialect, base, query, columns, { batchSize: 250 })
    const res = csvResponse(csvStream(csvColumns, batches), 'people.csv')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()))
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('\uFEFFName,Verified at,Restricted')
    expect(lines).toHaveLength(1 + 600 + 1) // header, rows, and the empty string after the last CRLF
    // Where "=" sorts against letters depends on the collation; the rest is in name order.
    expect(lines).toContain(`"'=HYPERLINK(""x"") Export",${createdAt},false`)
    const people = lines.filter((l) => l.startsWith('Person'))
    expect(people).toHaveLength(599)
    expect(people[0]).toBe('Person 0000 Export,,true')
    expect(people[1]).toBe(`Person 0001 Export,${createdAt},false`)
    expect(people.at(-1)).toBe(`Person 0599 Export,${createdAt},false`)
    expect(people).toEqual([...people].sort())
  })
})

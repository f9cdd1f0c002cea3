import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import SqliteDatabase from 'better-sqlite3'
import { Hono } from 'hono'
import { openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import { presentCatalogueItem } from '../../src/server/features/shop/catalogue/products.presenter'
import { CATALOGUE_ITEM_FIELDS } from '../../src/server/features/shop/catalogue/products.repository'
import { encodeCursor } from '../../src/server/lib/list-query/cursor'
import { seedProducts } from '../lib/seed'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// The catalogue's first page the leanest way: bare Hono, two raw better-sqlite3 prepared statements
// (the count, and the page reading the same columns as Depot's) on the same schema and data as the
// Depot target, the same presenter and the same next-page cursor, so both answer the same bytes.
// Arguments: the number of products; then `counted` (the default: count(*) over the listed products,
// as a page is counted by hand) or `kept` (the sum of the per-type counts that Depot's triggers keep,
// as Depot reads it).
const count = Number(process.argv[2] ?? 10_000)
const totalFrom = process.argv[3] === 'kept' ? 'kept' : 'counted'

serveTarget(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-raw-'))
  const file = path.join(dir, 'depot.sqlite')
  const setup = openDatabase({ dialect: 'sqlite', file })
  await migrateToLatest(setup)
  await seedProducts(setup.db, count)
  await setup.close()

  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  const listed = 'from products where "isPublished" = 1 and "deletedAt" is null'
  const total = sqlite.prepare(
    totalFrom === 'kept'
      ? 'select coalesce(sum(listed), 0) as total from listed_product_counts'
      : `select count(*) as total ${listed}`,
  )
  const fields = CATALOGUE_ITEM_FIELDS.map((f) => `"${f}"`).join(', ')
  const page = sqlite.prepare(
    `select ${fields} ${listed} order by "createdAt" desc, id desc limit ? offset ?`,
  )

  const app = new Hono()
  app.get('/api/shop/products', (c) => {
    const pageSize = Number(c.req.query('pageSize') ?? 25)
    const n = (total.get() as { total: number }).total
    const rows = page.all(pageSize, 0) as Parameters<typeof presentCatalogueItem>[0][]
    const last = rows.at(-1)
    return c.json({
      items: rows.map((row) => presentCatalogueItem(row, 'NGN')),
      page: 1,
      pageSize,
      total: n,
      totalPages: Math.ceil(n / pageSize),
      nextCursor:
        last && rows.length === pageSize ? encodeCursor('newest:desc', [last.createdAt, last.id]) : null,
    })
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () => resolve(s))
  })
  return {
    port: portOf(server.address()),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      sqlite.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import SqliteDatabase from 'better-sqlite3'
import { Hono } from 'hono'
import { openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import { presentCatalogueItem } from '../../src/server/features/shop/catalogue/products.presenter'
import { seedProducts } from '../lib/seed'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// The catalogue's first page the leanest way: bare Hono, two raw better-sqlite3 prepared statements
// on the same schema and data as the Depot target, and the same presenter, so both answer the same
// bytes. Argument: the number of products.
const count = Number(process.argv[2] ?? 10_000)

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
  const total = sqlite.prepare(`select count(*) as total ${listed}`)
  const page = sqlite.prepare(`select * ${listed} order by "createdAt" desc, id desc limit ? offset ?`)

  const app = new Hono()
  app.get('/api/shop/products', (c) => {
    const pageSize = Number(c.req.query('pageSize') ?? 25)
    const n = (total.get() as { total: number }).total
    const rows = page.all(pageSize, 0) as (Parameters<typeof presentCatalogueItem>[0] & {
      isPublished: unknown
    })[]
    for (const row of rows) row.isPublished = Boolean(row.isPublished)
    return c.json({
      items: rows.map((row) => presentCatalogueItem(row, 'NGN')),
      page: 1,
      pageSize,
      total: n,
      totalPages: Math.ceil(n / pageSize),
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

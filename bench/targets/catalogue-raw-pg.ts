import { presentCatalogueItem } from '../../src/server/features/shop/catalogue/products.presenter'
import { encodeCursor } from '../../src/server/lib/list-query/cursor'
import { serveTarget } from '../lib/target-server'
import { rawPool, serveJson } from './raw-pg'

// The catalogue's first page the leanest way on PostgreSQL: node:http, a pg.Pool and two statements
// (the count, and Depot's own page statement, as its query log shows it) on the database the Depot
// target seeded (that target starts first), the same presenter and the same next-page cursor, so both
// answer the same bytes. Argument: `counted` (the default: count(*) over the listed products, as a
// page is counted by hand) or `kept` (the sum of the per-type counts Depot's triggers keep, as Depot
// reads it).
const totalFrom = process.argv[2] === 'kept' ? 'kept' : 'counted'

const TOTAL =
  totalFrom === 'kept'
    ? 'select sum("listed") as "total" from "listed_product_counts"'
    : 'select count(*) as "total" from "products" where "isPublished" = $1 and "deletedAt" is null'
const PAGE = `select "p"."id", "p"."name", "p"."slug", "p"."type", "p"."price", "p"."cover_photo", "p"."coverLargeKey",
  "p"."createdAt", cast("p"."createdAt" as text) as "__keyset_key", "p"."id" as "__keyset_id" from "products" as "p"
  where "p"."isPublished" = $1 and "p"."deletedAt" is null and "p"."createdAt" is not null
  order by "p"."createdAt" desc, "p"."id" desc limit $2 offset $3`

type Row = Parameters<typeof presentCatalogueItem>[0] & { __keyset_key: string; __keyset_id: string }

serveTarget(async () => {
  const pool = rawPool()
  return serveJson(pool, async (url) => {
    const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
    const [counted, page] = [
      await pool.query<{ total: number | string | null }>(TOTAL, totalFrom === 'kept' ? [] : [true]),
      await pool.query<Row>(PAGE, [true, pageSize, 0]),
    ]
    const n = Number(counted.rows[0]?.total ?? 0)
    const rows = page.rows
    const last = rows.at(-1)
    return {
      items: rows.map((row) => presentCatalogueItem(row, 'NGN')),
      page: 1,
      pageSize,
      total: n,
      totalPages: Math.ceil(n / pageSize),
      nextCursor:
        last && rows.length === pageSize
          ? encodeCursor('newest:desc', [last.__keyset_key, last.__keyset_id])
          : null,
    }
  })
})

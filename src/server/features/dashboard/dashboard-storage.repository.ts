import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Bucket } from './bucket-calendar'
import { dense, withBuckets } from './bucket-values.repository'

// Storage's figures (docs/decisions/0131): what customers hold now, counted as their quota counts it
// (files/transfer/storage-quota.ts: the files they made, the trash included, and the earlier versions
// of those files), and the files made per bucket, by anyone.

/** Per customer: the bytes of the files they made plus the earlier versions of those files. */
function customerUsage(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('files')
          .select((f) => ['createdBy', f.fn.sum<number>('size').as('bytes')])
          .groupBy('createdBy')
          .as('fs'),
      (join) => join.onRef('fs.createdBy', '=', 'u.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('file_versions as v')
          .innerJoin('files as f', 'f.id', 'v.file_id')
          .select((f) => ['f.createdBy', f.fn.sum<number>('v.size').as('bytes')])
          .groupBy('f.createdBy')
          .as('vs'),
      (join) => join.onRef('vs.createdBy', '=', 'u.id'),
    )
    .where('u.role', '=', 'user')
    .select((eb) => [
      'u.id as userId',
      'u.name as name',
      sql<number>`${eb.fn.coalesce('fs.bytes', eb.val(0))} + ${eb.fn.coalesce('vs.bytes', eb.val(0))}`.as(
        'used',
      ),
    ])
}

export async function customerStorage(db: Db) {
  const totals = await db
    .selectFrom(customerUsage(db).as('c'))
    .select((eb) => [
      eb.fn.countAll<number>().as('customers'),
      eb.fn.coalesce(eb.fn.sum<number>('c.used'), eb.val(0)).as('used'),
    ])
    .executeTakeFirstOrThrow()
  const top = await db
    .selectFrom(customerUsage(db).as('c'))
    .selectAll()
    .where('c.used', '>', 0)
    .orderBy('c.used', 'desc')
    .orderBy('c.userId')
    .limit(10)
    .execute()
  return {
    customers: Number(totals.customers),
    usedBytes: Number(totals.used),
    top: top.map((c) => ({ userId: c.userId, name: c.name, usedBytes: Number(c.used) })),
  }
}

/** Files made and their bytes per bucket, every bucket present. */
export async function uploadsPerBucket(db: Db, buckets: readonly Bucket[]) {
  const { rows } = await sql<{ i: number; uploads: number; bytes: number }>`${withBuckets(db, buckets)}
    select b.i as i, count(f.id) as uploads, coalesce(sum(f.size), 0) as bytes
    from b join files f on f."createdAt" >= b.s and f."createdAt" < b.e
    group by b.i`.execute(db)
  const figures = dense(buckets.length, rows, { uploads: 0, bytes: 0 })
  return buckets.map((b, i) => ({ bucket: b.key, ...(figures[i] as { uploads: number; bytes: number }) }))
}

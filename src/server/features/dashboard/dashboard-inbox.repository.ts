import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Bucket, TimeSpan } from './bucket-calendar'
import { dense, instant, withBuckets } from './bucket-values.repository'

// The inbox's figures (docs/decisions/0131, 0144): quotes and contacts by when they arrived, what is
// pending, and the median time to the first staff reply, all computed by the database. The median is
// SQL on both: each answered entry's seconds to its first reply (kept in `first_replies` by triggers on
// the messages), numbered in order by a window function, and the middle one (or the mean of the
// middle two) picked.

async function arrivals(db: Db, table: 'quote_requests' | 'contacts', buckets: readonly Bucket[]) {
  const { rows } = await sql<{ i: number; n: number }>`${withBuckets(db, buckets)}
    select b.i as i, count(x.id) as n
    from b join ${sql.table(table)} x on x."createdAt" >= b.s and x."createdAt" < b.e
    group by b.i`.execute(db)
  return dense(buckets.length, rows, { n: 0 })
}

/** Quotes and contacts that arrived per bucket, every bucket present. */
export async function arrivalsPerBucket(db: Db, buckets: readonly Bucket[]) {
  const quotes = await arrivals(db, 'quote_requests', buckets)
  const contacts = await arrivals(db, 'contacts', buckets)
  return buckets.map((b, i) => ({ bucket: b.key, quotes: quotes[i]?.n ?? 0, contacts: contacts[i]?.n ?? 0 }))
}

export async function pendingEntries(db: Db) {
  const count = (table: 'quote_requests' | 'contacts') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
  const quotes = await count('quote_requests')
  const contacts = await count('contacts')
  return { quotes: Number(quotes.n), contacts: Number(contacts.n) }
}

/** The median seconds to a first staff reply over the entries that arrived in the span; null: none answered. */
export async function medianFirstReplySeconds(db: Db, span: TimeSpan): Promise<number | null> {
  // Each answered entry's seconds are kept by the database (first_replies, migration 0053).
  const { rows } = await sql<{ median: number | string | null }>`
    with o as (
      select f.seconds as d, row_number() over (order by f.seconds) as rn, count(*) over () as n
      from first_replies f
      where f.arrived_at >= ${instant(db, span.start)} and f.arrived_at < ${instant(db, span.end)}
    )
    select avg(o.d) as median from o where o.rn in ((o.n + 1) / 2, (o.n + 2) / 2)`.execute(db)
  const median = rows[0]?.median
  return median === null || median === undefined ? null : Number(median)
}

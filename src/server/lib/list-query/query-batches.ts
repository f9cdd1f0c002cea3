import { type Expression, type SelectQueryBuilder, type Simplify, type SqlBool, sql } from 'kysely'
import type { ListQuery } from '../../../shared/contract/list'
import type { Dialect } from '../../db/connection'
import { yieldToEventLoop } from '../event-loop'
import { applySearch, type ListColumns } from './apply-list-query'

const KEY = '__keyset_key'
const ID = '__keyset_id'

/**
 * Rows per query of an export, and per lookup of what its rows mention (batchesOf). Each batch's query,
 * lookups and formatting run in one turn of the event loop, which every other request waits behind: at
 * 500 rows those turns took about 10 ms, and under the load benchmark every other operation's p99 was
 * 15–30 ms longer than at 250 (bench/README.md, "Shorter turns for the export"). Each turn then costs a
 * few milliseconds, and an export about a tenth more time in all.
 */
export const EXPORT_BATCH_ROWS = 250

export interface BatchOptions {
  /** Rows per query (default EXPORT_BATCH_ROWS). */
  batchSize?: number
}

/**
 * Every row of a list (its filters in `qb`, plus the query's search) in the list's order, fetched
 * `batchSize` rows at a time by keyset: each batch starts after the last row's (sort key, id), so
 * it is one index range read however deep the export is, and no transaction or connection stays open
 * while a slow client downloads. Between batches the event loop gets a turn (SQLite runs on it), so
 * other requests keep being answered during a long export.
 *
 * Rows with an empty sort key come last going up and first going down, as in applySort: those are a
 * batch sequence of their own, ordered by id. A row changed while the export runs is seen at most
 * once, where its key is when its batch is read.
 */
export async function* keysetBatches<DB, TB extends keyof DB, O, Sort extends string>(
  dialect: Dialect,
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<ListQuery<Sort>, 'q' | 'sort' | 'order'>,
  columns: ListColumns<DB, TB, Sort>,
  options: BatchOptions = {},
): AsyncGenerator<Simplify<O>> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_ROWS
  const phases: KeysetPhase[] = query.order === 'asc' ? ['values', 'empty'] : ['empty', 'values']
  for (const phase of phases) {
    let after: KeysetCursor | undefined
    for (;;) {
      const batch = keysetBatchQuery(dialect, qb, query, columns, { phase, after, batchSize })
      const rows: Record<string, unknown>[] = await batch.execute()
      const tail = rows.at(-1)
      if (tail) after = { key: tail[KEY], id: tail[ID] }
      for (const row of rows) {
        // Last added, first deleted: V8 then steps each row back to its earlier shape instead of
        // turning it into a slow dictionary object that every later read of it pays for.
        delete row[ID]
        delete row[KEY]
        yield row as Simplify<O>
      }
      if (rows.length < batchSize) break
      await yieldToEventLoop()
    }
  }
}

/**
 * The rows of an export gathered again into arrays of `size` (the last one shorter), for what is
 * looked up once per batch instead of once per row (the names audit events mention, orders' lines).
 * Pull-based like the rows: the next batch is read only when the caller asks for it, and closing this
 * generator closes `rows`.
 */
export async function* batchesOf<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = []
  for await (const row of rows) {
    batch.push(row)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

/** Rows with a sort key ('values') or without one ('empty'): each phase is its own keyset sequence. */
export type KeysetPhase = 'values' | 'empty'
/** The last row of the previous batch: its sort key as the database compares it, and its id. */
export type KeysetCursor = { key: unknown; id: unknown }

/** One batch of keysetBatches: the rows of `phase` after `after`, in the list order. */
export function keysetBatchQuery<DB, TB extends keyof DB, O, Sort extends string>(
  dialect: Dialect,
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<ListQuery<Sort>, 'q' | 'sort' | 'order'>,
  columns: ListColumns<DB, TB, Sort>,
  batch: { phase: KeysetPhase; after: KeysetCursor | undefined; batchSize: number },
  // biome-ignore lint/suspicious/noExplicitAny: the two keyset columns are added to any list's rows
): SelectQueryBuilder<any, any, any> {
  const sortKey = columns.sortColumns[query.sort]
  const key: Expression<unknown> = typeof sortKey === 'string' ? sql.ref(sortKey) : sortKey
  const id = sql.ref(columns.idColumn)
  const asc = query.order === 'asc'
  const direction = sql.raw(asc ? 'asc' : 'desc')
  const beyond = sql.raw(asc ? '>' : '<')
  // PostgreSQL's text form of a value reads back exactly (a JS Date would drop the microseconds of a
  // timestamptz); SQLite hands back what it stores.
  const keyValue = dialect === 'postgres' ? sql`cast(${key} as text)` : sql`${key}`
  // biome-ignore lint/suspicious/noExplicitAny: see the return type
  let q = (applySearch(qb, query.q, columns.searchColumns) as SelectQueryBuilder<any, any, any>)
    .select([keyValue.as(KEY), id.as(ID)])
    .limit(batch.batchSize)
  const { after } = batch
  if (batch.phase === 'values') {
    q = q.where(sql<SqlBool>`${key} is not null`).orderBy(sql`${key} ${direction}`)
    if (after) q = q.where(sql<SqlBool>`(${key}, ${id}) ${beyond} (${after.key}, ${after.id})`)
  } else {
    q = q.where(sql<SqlBool>`${key} is null`)
    if (after) q = q.where(sql<SqlBool>`${id} ${beyond} ${after.id}`)
  }
  return q.orderBy(sql`${id} ${direction}`)
}

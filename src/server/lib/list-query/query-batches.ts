import type { SelectQueryBuilder, Simplify } from 'kysely'

/**
 * Every row of an ordered query, fetched `batchSize` rows at a time, so an export of any size holds
 * one batch in memory and no transaction or connection stays open while a slow client downloads.
 *
 * Offset batches, not keyset: they follow any order, including expressions like lower(name), which a
 * keyset cursor would have to select and compare per dialect. The price: a row deleted (or inserted)
 * before the cursor while the export runs shifts later rows by one, so one row may be skipped (or
 * repeated). The query must have a total order (applySort adds the id tiebreaker); without ORDER BY
 * this throws, because batches of an unordered query may overlap.
 */
export async function* queryInBatches<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  options: { batchSize?: number } = {},
): AsyncGenerator<Simplify<O>> {
  const batchSize = options.batchSize ?? 500
  if (!qb.toOperationNode().orderBy) throw new Error('queryInBatches needs a query with a total ORDER BY')
  for (let offset = 0; ; offset += batchSize) {
    const rows = await qb.limit(batchSize).offset(offset).execute()
    yield* rows
    if (rows.length < batchSize) return
  }
}

import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Every column that names a blob in storage, with the column that identifies its row. The integrity
 * check treats a blob that none of these names as an orphan, and the blob deletion queue keeps a blob
 * any of them still names, so a new column holding blob keys must be added here. User pictures and
 * the site's images are not blobs (their bytes are in the database); thumbnails are a cache keyed by
 * blob key. An upload under way names the key its blob will commit under (`staged`): that blob may not
 * exist yet, which is no missing blob.
 */
/**
 * The order statuses whose lines still deliver their file (decision 0049): a refunded or cancelled order
 * names a version it no longer gives, and does not keep it (orders/delivery-files.repository.ts).
 */
export const DELIVERING_ORDER_STATUSES = ['paid', 'refund_pending'] as const

export const BLOB_REFERENCES = [
  { table: 'files', column: 'path', id: 'id', staged: false },
  // A file's earlier contents (docs/decisions/0088) and every content of a product's deliverable that
  // its product or a delivering order line names (0092): a version row lives exactly as long as that.
  { table: 'file_versions', column: 'path', id: 'id', staged: false },
  { table: 'products', column: 'coverSmallKey', id: 'id', staged: false },
  { table: 'products', column: 'coverLargeKey', id: 'id', staged: false },
  { table: 'upload_sessions', column: 'blob_key', id: 'id', staged: true },
  // Attachments of customers' e-mails, kept with their inbox entry (decision 0128).
  { table: 'inbox_attachments', column: 'blob_key', id: 'id', staged: false },
] as const

export interface BlobReference {
  table: (typeof BLOB_REFERENCES)[number]['table']
  column: string
  id: string
  key: string
  /** The row is an upload under way, whose blob may not be committed yet. */
  staged: boolean
}

/** Every row that names a blob: key → the rows naming it. */
export async function loadBlobReferences(db: Kysely<DB>): Promise<Map<string, BlobReference[]>> {
  const byKey = new Map<string, BlobReference[]>()
  for (const { table, column, id, staged } of BLOB_REFERENCES) {
    const rows = (await rowsNaming(db, table)
      .select([`${table}.${id} as id`, `${table}.${column} as key`] as never)
      .where(`${table}.${column}` as never, 'is not', null)
      .execute()) as unknown as { id: string; key: string }[]
    for (const row of rows) {
      const list = byKey.get(row.key) ?? []
      list.push({ table, column, id: row.id, key: row.key, staged })
      byKey.set(row.key, list)
    }
  }
  return byKey
}

/** Whether any row names `key` now (checked again just before a blob is queued for deletion). */
export async function isBlobReferenced(db: Kysely<DB>, key: string): Promise<boolean> {
  return (await referencedBlobKeys(db, [key])).has(key)
}

/** Which of `keys` some row names now: one query per referencing column, whatever the number of keys. */
export async function referencedBlobKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  if (keys.length === 0) return found
  for (const reference of BLOB_REFERENCES) {
    const rows = (await keysNamedIn(db, reference, keys).execute()) as unknown as { key: string }[]
    for (const row of rows) found.add(row.key)
  }
  return found
}

/** Which of `keys` one referencing column names: a seek per key where the column is indexed. */
export function keysNamedIn(
  db: Kysely<DB>,
  { table, column }: Pick<(typeof BLOB_REFERENCES)[number], 'table' | 'column'>,
  keys: readonly string[],
) {
  return rowsNaming(db, table)
    .select(`${table}.${column} as key` as never)
    .where(`${table}.${column}` as never, 'in', keys as never)
}

/** The rows of `table`, as a builder whose callers name their columns as strings of BLOB_REFERENCES. */
function rowsNaming(
  db: Kysely<DB>,
  table: (typeof BLOB_REFERENCES)[number]['table'],
): SelectQueryBuilder<DB, 'files', object> {
  return db.selectFrom(table) as never
}

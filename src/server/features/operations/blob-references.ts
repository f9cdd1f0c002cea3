import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Every column that names a blob in storage. The integrity check treats a blob that none of these
 * names as an orphan, so a new column holding blob keys must be added here. User pictures are not
 * blobs (user_avatars keeps their bytes in the database); thumbnails are a cache keyed by blob key.
 */
export const BLOB_REFERENCES = [
  { table: 'files', column: 'path' },
  { table: 'products', column: 'deliveryFileKey' },
  { table: 'products', column: 'coverSmallKey' },
  { table: 'products', column: 'coverLargeKey' },
] as const

export interface BlobReference {
  table: (typeof BLOB_REFERENCES)[number]['table']
  column: string
  id: string
  key: string
}

/** Every row that names a blob: key → the rows naming it. */
export async function loadBlobReferences(db: Kysely<DB>): Promise<Map<string, BlobReference[]>> {
  const byKey = new Map<string, BlobReference[]>()
  for (const { table, column } of BLOB_REFERENCES) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', `${column} as key`] as never)
      .where(column as never, 'is not', null)
      .execute()) as unknown as { id: string; key: string }[]
    for (const row of rows) {
      const list = byKey.get(row.key) ?? []
      list.push({ table, column, id: row.id, key: row.key })
      byKey.set(row.key, list)
    }
  }
  return byKey
}

/** Whether any row names `key` now (checked again just before a blob is queued for deletion). */
export async function isBlobReferenced(db: Kysely<DB>, key: string): Promise<boolean> {
  for (const { table, column } of BLOB_REFERENCES) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where(column as never, '=', key as never)
      .executeTakeFirst()
    if (row) return true
  }
  return false
}

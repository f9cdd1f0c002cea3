import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// The catalogue's own product columns (product.md §3, docs/decisions/0034):
//  - the cover is kept at two web sizes, each a blob in storage; `cover_photo` holds the public URL of
//    the large one (with a version so it can be cached for a year), these hold the blob keys;
//  - `publishedAt`: when the product was first published, so "a newly published product" (the one
//    `created` notification everyone sees) is sent once, not on every unpublish/publish.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('products').addColumn('coverSmallKey', 'text').execute()
  await db.schema.alterTable('products').addColumn('coverLargeKey', 'text').execute()
  await db.schema.alterTable('products').addColumn('publishedAt', t.timestamp).execute()
  // Products published before this migration count as already announced.
  await sql`update products set "publishedAt" = "createdAt" where "isPublished"`.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['publishedAt', 'coverLargeKey', 'coverSmallKey']) {
    await db.schema.alterTable('products').dropColumn(column).execute()
  }
}

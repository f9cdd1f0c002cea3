import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../migration-helpers'

// Readable product URLs (/shop/<slug>): every product gets a unique slug made from its name. Existing
// products are backfilled oldest first, so the older of two same-named products keeps the plain slug.
// The rule is copied here, not imported, so this migration keeps doing what it did when it shipped.

function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '')
  return slug === '' ? 'product' : slug
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('slug', 'text').execute()
  const rows: { id: string; name: string }[] = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  const taken = new Set<string>()
  for (const row of rows) {
    const base = slugify(row.name)
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 80 - String(n).length - 1)}-${n}`
    taken.add(slug)
    await db.updateTable('products').set({ slug }).where('id', '=', row.id).execute()
  }
  await db.schema.createIndex('products_slug_idx').unique().on('products').column('slug').execute()
  // Every product has one from now on (SQLite cannot add NOT NULL to an existing column; the index
  // and the application keep it filled there).
  if (dialectOf(db) === 'postgres') {
    await sql`alter table products alter column slug set not null`.execute(db)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_slug_idx').execute()
  await db.schema.alterTable('products').dropColumn('slug').execute()
}

import { type Kysely, sql } from 'kysely'
import { newId } from '../../../lib/ids'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Product deliverables on file versions (docs/decisions/0092): every content of a product's
// deliverable is a `file_versions` row with `product_id` set (instead of `file_id`; exactly one of
// the two), `products.deliveryVersionId` names the current one and `product_orders.deliveryVersionId`
// the one a line bought. The backfill makes one row per distinct (product, blob) named by a product or
// by a line of an order that still delivers (paid, refund_pending), and points products and every
// line naming that blob at it. Lines of refunded or unpaid orders whose blob no row keeps stay
// without a version: they deliver nothing.

const DELIVERING = ['paid', 'refund_pending']

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db)
  const t = columnTypes(dialect)
  if (dialect === 'postgres') {
    await sql`alter table file_versions alter column file_id drop not null`.execute(db)
    await db.schema
      .alterTable('file_versions')
      .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('cascade'))
      .execute()
    await sql`alter table file_versions add constraint file_versions_one_owner
      check ((file_id is null) <> (product_id is null))`.execute(db)
  } else {
    // SQLite cannot drop a NOT NULL or add a CHECK in place: the table is rebuilt. Nothing references
    // file_versions yet, so dropping and renaming touches no other table.
    await db.schema
      .createTable('file_versions_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_id', 'text', (c) => c.references('files.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('size', t.bigint, (c) => c.notNull())
      .addColumn('sha256', 'text')
      .addColumn('mimetype', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('createdAt', t.timestamp, (c) => c.notNull())
      .addColumn('replacedAt', t.timestamp, (c) => c.notNull())
      .addCheckConstraint('file_versions_one_owner', sql`(file_id is null) <> (product_id is null)`)
      .execute()
    await sql`insert into file_versions_next
      (id, file_id, path, size, sha256, mimetype, "createdBy", "createdAt", "replacedAt")
      select id, file_id, path, size, sha256, mimetype, "createdBy", "createdAt", "replacedAt"
      from file_versions`.execute(db)
    await db.schema.dropTable('file_versions').execute()
    await sql`alter table file_versions_next rename to file_versions`.execute(db)
    await db.schema
      .createIndex('file_versions_file_idx')
      .on('file_versions')
      .columns(['file_id', 'replacedAt'])
      .execute()
    await db.schema.createIndex('file_versions_path_idx').on('file_versions').column('path').execute()
  }
  await db.schema
    .createIndex('file_versions_product_idx')
    .on('file_versions')
    .columns(['product_id', 'replacedAt'])
    .execute()
  // A line's version is a foreign key. The product's is a plain column: file_versions.product_id
  // already references products, and a key back would make a cycle that no insert order satisfies
  // (a restore loads referenced tables first). The shop writes it in the transaction that writes the
  // version row, and a product's version rows go only with the product (the cascade above).
  await db.schema.alterTable('products').addColumn('deliveryVersionId', 'text').execute()
  await db.schema
    .alterTable('product_orders')
    .addColumn('deliveryVersionId', 'text', (c) => c.references('file_versions.id').onDelete('set null'))
    .execute()
  // "Which paid orders hold this version?" is asked on every release and by the staff list.
  await db.schema
    .createIndex('product_orders_delivery_version_idx')
    .on('product_orders')
    .column('deliveryVersionId')
    .execute()
  await backfill(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
async function backfill(db: Kysely<any>): Promise<void> {
  const current = await db
    .selectFrom('products')
    .select([
      'id as product_id',
      'deliveryFileKey as key',
      'deliveryFileType as type',
      'deliveryFileSize as size',
      'deliveryFileSha256 as sha256',
      'updatedAt as at',
    ])
    .where('deliveryFileKey', 'is not', null)
    .execute()
  const bought = await db
    .selectFrom('product_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .select([
      'po.product_id',
      'po.deliveryFileKey as key',
      'po.deliveryFileType as type',
      'po.deliveryFileSize as size',
      'po.deliveryFileSha256 as sha256',
      'o.updatedAt as at',
    ])
    .where('po.deliveryFileKey', 'is not', null)
    .where('o.status', 'in', DELIVERING)
    .orderBy('o.updatedAt')
    .execute()
  const rows = new Map<string, Record<string, unknown>>()
  for (const r of [...current, ...bought]) {
    const pair = `${r.product_id}\n${r.key}`
    if (rows.has(pair)) continue
    const at = r.at instanceof Date ? r.at.toISOString() : String(r.at)
    rows.set(pair, {
      id: newId(),
      file_id: null,
      product_id: r.product_id,
      path: r.key,
      size: Number(r.size ?? 0),
      sha256: r.sha256 ?? null,
      mimetype: r.type ?? 'application/octet-stream',
      createdBy: null,
      createdAt: at,
      replacedAt: at,
    })
  }
  for (const row of rows.values()) {
    await db.insertInto('file_versions').values(row).execute()
    await db
      .updateTable('products')
      .set({ deliveryVersionId: row.id })
      .where('id', '=', row.product_id)
      .where('deliveryFileKey', '=', row.path)
      .execute()
    await db
      .updateTable('product_orders')
      .set({ deliveryVersionId: row.id })
      .where('product_id', '=', row.product_id)
      .where('deliveryFileKey', '=', row.path)
      .execute()
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_orders_delivery_version_idx').execute()
  await db.schema.alterTable('product_orders').dropColumn('deliveryVersionId').execute()
  await db.schema.alterTable('products').dropColumn('deliveryVersionId').execute()
  await db.schema.dropIndex('file_versions_product_idx').execute()
  await db.deleteFrom('file_versions').where('product_id', 'is not', null).execute()
  if (dialectOf(db) === 'postgres') {
    await sql`alter table file_versions drop constraint file_versions_one_owner`.execute(db)
    await db.schema.alterTable('file_versions').dropColumn('product_id').execute()
    await sql`alter table file_versions alter column file_id set not null`.execute(db)
  }
  // SQLite keeps the rebuilt table's nullable file_id and product_id: every remaining row has a file.
}

import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../src/server/db/schema'
import { newId } from '../../../src/server/lib/ids'
import { nameKey } from '../../../src/shared/names'
import { slugify } from '../../../src/shared/slug'

// Factories per domain: each inserts one valid row with sensible defaults and returns it.
// People (users, passwords, signed-in clients, grants) have their own module: ../people.ts.

const now = () => new Date().toISOString()
let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`

export async function insertFolder(db: Kysely<DB>, overrides: Partial<DB['folders']> = {}) {
  const name = overrides.folder_name ?? `Folder ${unique()}`
  const row = {
    id: newId(),
    folder_name: name,
    name_key: nameKey(name),
    type: 'locked' as const,
    isTrashed: false,
    parent_id: null,
    createdBy: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  }
  await db.insertInto('folders').values(row).execute()
  return row
}

/** A file row in `folderId` with sensible defaults, not inserted (insertFile and insertFiles insert it). */
export function fileRow(folderId: string, overrides: Partial<DB['files']> = {}) {
  const name = overrides.filename ?? `file-${unique()}.txt`
  return {
    id: newId(),
    filename: name,
    name_key: nameKey(name),
    mimetype: 'text/plain',
    originalname: name,
    path: newId(),
    size: 0,
    folder_id: folderId,
    isTrashed: false,
    createdBy: null,
    sha256: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  }
}

export async function insertFile(db: Kysely<DB>, folderId: string, overrides: Partial<DB['files']> = {}) {
  const row = fileRow(folderId, overrides)
  await db.insertInto('files').values(row).execute()
  return row
}

/**
 * `count` files in `folderId`, inserted 500 at a time; `each(n)` overrides the n-th (from 0). Run it
 * in a transaction for tens of thousands of rows. Returns the rows.
 */
export async function insertFiles(
  db: Kysely<DB>,
  folderId: string,
  count: number,
  each: (n: number) => Partial<DB['files']> = () => ({}),
): Promise<ReturnType<typeof fileRow>[]> {
  const all: ReturnType<typeof fileRow>[] = []
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => fileRow(folderId, each(i + k)))
    await db.insertInto('files').values(rows).execute()
    all.push(...rows)
  }
  return all
}

/** A deliverable version of a product naming `path` (decision 0092); returns its id. */
export async function insertDeliverableVersion(db: Kysely<DB>, productId: string, path: string) {
  const id = newId()
  const stamp = new Date().toISOString()
  await db
    .insertInto('file_versions')
    .values({
      id,
      file_id: null,
      product_id: productId,
      path,
      size: 1,
      sha256: null,
      mimetype: 'application/octet-stream',
      createdBy: null,
      createdAt: stamp,
      replacedAt: stamp,
    })
    .execute()
  return id
}

export async function insertProduct(db: Kysely<DB>, overrides: Partial<DB['products']> = {}) {
  const name = overrides.name ?? `Product ${unique()}`
  const row = {
    id: newId(),
    name,
    // Unique even when tests reuse a name; the shop's own rule is tested through the API.
    slug: `${slugify(name)}-${unique()}`,
    type: 'E-book',
    price: 150000,
    description: '',
    cover_photo: null,
    product_url: null,
    isPublished: true,
    deletedAt: null,
    deliveryFileKey: null,
    deliveryFileName: null,
    deliveryFileType: null,
    deliveryFileSize: null,
    deliveryFileSha256: null,
    deliveryVersionId: null,
    coverSmallKey: null,
    coverLargeKey: null,
    publishedAt: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  }
  await db.insertInto('products').values(row).execute()
  // A deliverable file is a version row the product names, as uploading one through the API makes it.
  if (row.deliveryFileKey && !row.deliveryVersionId) {
    const stamp = now()
    row.deliveryVersionId = newId()
    await db
      .insertInto('file_versions')
      .values({
        id: row.deliveryVersionId,
        file_id: null,
        product_id: row.id,
        path: row.deliveryFileKey,
        size: row.deliveryFileSize ?? 0,
        sha256: row.deliveryFileSha256,
        mimetype: row.deliveryFileType ?? 'application/octet-stream',
        createdBy: null,
        createdAt: stamp,
        replacedAt: stamp,
      })
      .execute()
    await db
      .updateTable('products')
      .set({ deliveryVersionId: row.deliveryVersionId })
      .where('id', '=', row.id)
      .execute()
  }
  return row
}

export async function insertOrder(
  db: Kysely<DB>,
  userId: string,
  overrides: Partial<Selectable<DB['orders']>> = {},
) {
  const row = {
    id: newId(),
    trxref: `dep_${unique()}`,
    status: 'pending' as const,
    total: 0,
    currency: 'NGN',
    user_id: userId,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  }
  await db.insertInto('orders').values(row).execute()
  return row
}

/** One line of an order: `quantity` of `product` at its price, with no delivered file yet. */
export async function insertOrderLine(
  db: Kysely<DB>,
  orderId: string,
  product: { id: string; price: number },
  quantity = 1,
) {
  await db
    .insertInto('product_orders')
    .values({
      product_id: product.id,
      order_id: orderId,
      quantity,
      amount: product.price,
      deliveryFileKey: null,
      deliveryFileName: null,
      deliveryFileType: null,
      deliveryFileSize: null,
      deliveryFileSha256: null,
      deliveryVersionId: null,
    })
    .execute()
}

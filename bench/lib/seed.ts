import type { Kysely } from 'kysely'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'
import { nameKey } from '../../src/shared/names'

// Bulk rows for benchmarks, inserted 500 per statement in one transaction (seconds for 100k rows).

const CHUNK = 500

async function insertAll<T>(
  db: Kysely<DB>,
  count: number,
  insert: (trx: Kysely<DB>, rows: number[]) => Promise<T>,
) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += CHUNK)
      await insert(
        trx,
        Array.from({ length: Math.min(CHUNK, count - i) }, (_, k) => i + k),
      )
  })
}

const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()

/** `count` published products of a few types, one a minute from 2024-01-01. */
export function seedProducts(db: Kysely<DB>, count: number) {
  return insertAll(db, count, (trx, rows) =>
    trx
      .insertInto('products')
      .values(
        rows.map((i) => ({
          id: newId(),
          name: `Product ${i}`,
          slug: `product-${i}`,
          type: ['E-book', 'Course', 'Template'][i % 3]!,
          price: 100_000 + (i % 50) * 500,
          description: `Description of product ${i}`,
          cover_photo: null,
          product_url: null,
          isPublished: true,
          deletedAt: null,
          deliveryFileKey: null,
          deliveryFileName: null,
          deliveryFileType: null,
          deliveryFileSize: null,
          coverSmallKey: null,
          coverLargeKey: null,
          publishedAt: at(i),
          createdAt: at(i),
          updatedAt: at(i),
        })),
      )
      .execute(),
  )
}

/** `count` verified customers, one a minute from 2024-01-01. */
export function seedUsers(db: Kysely<DB>, count: number) {
  return insertAll(db, count, (trx, rows) =>
    trx
      .insertInto('users')
      .values(
        rows.map((i) => ({
          id: newId(),
          first_name: `First${i}`,
          last_name: `Last${i}`,
          name: `First${i} Last${i}`,
          email: `user${i}@example.com`,
          emailVerified: at(i),
          account_type: 'individual' as const,
          password: null,
          business_name: i % 7 === 0 ? `Business ${i}, Ltd` : null,
          image: null,
          industry: null,
          isRestricted: false,
          role: 'user' as const,
          staffFunctions: '[]',
          createdAt: at(i),
          updatedAt: at(i),
        })),
      )
      .execute(),
  )
}

/**
 * A customer holding an administrator grant on a locked top folder, and `count` files in it named
 * `file-000001.txt`…; returns nothing, the caller chose the ids (so every target serves the same path).
 */
export async function seedFolderFiles(
  db: Kysely<DB>,
  ids: { userId: string; folderId: string },
  count: number,
) {
  const now = at(0)
  await db
    .insertInto('users')
    .values({
      id: ids.userId,
      first_name: 'Bench',
      last_name: 'Lister',
      name: 'Bench Lister',
      email: `lister-${ids.userId}@example.com`,
      emailVerified: now,
      account_type: 'individual',
      password: null,
      business_name: null,
      image: null,
      industry: null,
      isRestricted: false,
      role: 'user',
      staffFunctions: '[]',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await db
    .insertInto('folders')
    .values({
      id: ids.folderId,
      folder_name: 'Listing',
      name_key: nameKey('Listing'),
      type: 'locked',
      isTrashed: false,
      parent_id: null,
      createdBy: ids.userId,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await db
    .insertInto('folder_permissions')
    .values({
      id: newId(),
      folder_id: ids.folderId,
      user_id: ids.userId,
      permissionType: 'administrator',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await insertAll(db, count, (trx, rows) =>
    trx
      .insertInto('files')
      .values(
        rows.map((i) => {
          const name = `file-${String(i).padStart(6, '0')}.txt`
          return {
            id: newId(),
            filename: name,
            name_key: nameKey(name),
            mimetype: 'text/plain',
            originalname: name,
            path: newId(),
            size: 1000 + i,
            folder_id: ids.folderId,
            isTrashed: false,
            createdBy: ids.userId,
            sha256: null,
            contentBy: null,
            createdAt: at(i),
            updatedAt: at(i),
          }
        }),
      )
      .execute(),
  )
}

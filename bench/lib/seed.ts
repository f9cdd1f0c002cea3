import type { Kysely } from 'kysely'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'

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

import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import { migrateToLatest } from '../../src/server/db/migrator'
import { insertOrder } from '../support/factories'
import { insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

// Migration 0033 moves product deliverables onto file versions (decision 0092): one version row per
// distinct (product, blob) named by a product or by a line of an order that still delivers, with the
// snapshot's size, hash and type; the product and every line naming that blob point at it.

const MIGRATION = '0033-deliverable-versions'

describe('migration 0033: deliverable versions', () => {
  it('makes one version per (product, blob) and points products and lines at it', async () => {
    const t = await createTestApp({ migrate: false })
    const db = t.database.db
    const names = Object.keys(migrations)
    const before = names[names.indexOf(MIGRATION) - 1]!
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    expect((await migrator.migrateTo(before)).error).toBeUndefined()

    const user = await insertUser(db)
    const stamp = new Date().toISOString()
    const productId = '0190c6b2-7d3e-7a4b-8c5d-000000000001'
    // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before the migration
    const old = db as any
    await old
      .insertInto('products')
      .values({
        id: productId,
        name: 'Guide',
        slug: 'guide',
        type: 'E-book',
        price: 1000,
        description: '',
        cover_photo: null,
        product_url: null,
        isPublished: true,
        deletedAt: null,
        deliveryFileKey: 'blob-new',
        deliveryFileName: 'guide.pdf',
        deliveryFileType: 'application/pdf',
        deliveryFileSize: 200,
        deliveryFileSha256: 'b'.repeat(64),
        coverSmallKey: null,
        coverLargeKey: null,
        publishedAt: stamp,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute()
    const line = async (status: 'paid' | 'refund_pending' | 'refunded', key: string) => {
      const order = await insertOrder(db, user.id, { status, total: 1000 })
      await old
        .insertInto('product_orders')
        .values({
          product_id: productId,
          order_id: order.id,
          quantity: 1,
          amount: 1000,
          deliveryFileKey: key,
          deliveryFileName: 'guide-old.pdf',
          deliveryFileType: 'application/pdf',
          deliveryFileSize: 100,
          deliveryFileSha256: 'a'.repeat(64),
        })
        .execute()
      return order.id
    }
    const paidOld = await line('paid', 'blob-old')
    const pendingOld = await line('refund_pending', 'blob-old')
    const paidNew = await line('paid', 'blob-new')
    const refundedGone = await line('refunded', 'blob-gone')

    await migrateToLatest(t.database)
    const versions = await db
      .selectFrom('file_versions')
      .selectAll()
      .where('product_id', '=', productId)
      .execute()
    expect(versions.map((v) => v.path).sort()).toEqual(['blob-new', 'blob-old'])
    const byPath = Object.fromEntries(versions.map((v) => [v.path, v]))
    expect(byPath['blob-old']).toMatchObject({
      file_id: null,
      sha256: 'a'.repeat(64),
      mimetype: 'application/pdf',
    })
    expect(Number(byPath['blob-old']!.size)).toBe(100)
    expect(Number(byPath['blob-new']!.size)).toBe(200)
    const product = await db.selectFrom('products').select('deliveryVersionId').executeTakeFirstOrThrow()
    expect(product.deliveryVersionId).toBe(byPath['blob-new']!.id)
    const lines = await db.selectFrom('product_orders').select(['order_id', 'deliveryVersionId']).execute()
    const of = (id: string) => lines.find((l) => l.order_id === id)?.deliveryVersionId
    expect(of(paidOld)).toBe(byPath['blob-old']!.id)
    expect(of(pendingOld)).toBe(byPath['blob-old']!.id)
    expect(of(paidNew)).toBe(byPath['blob-new']!.id)
    expect(of(refundedGone)).toBeNull()
    // Exactly one owner: a row with neither a file nor a product is refused.
    await expect(
      db
        .insertInto('file_versions')
        .values({
          id: '0190c6b2-7d3e-7a4b-8c5d-0000000000ff',
          file_id: null,
          product_id: null,
          path: 'x',
          size: 1,
          sha256: null,
          mimetype: 'text/plain',
          createdBy: null,
          createdAt: stamp,
          replacedAt: stamp,
        })
        .execute(),
    ).rejects.toThrow()
  })
})

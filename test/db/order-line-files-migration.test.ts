import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import { migrateToLatest } from '../../src/server/db/migrator'
import { insertOrder } from '../support/factories'
import { insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

// Migration 0017 gives order lines their own copy of the file they deliver (decision 0049): lines of
// orders already paid (or with a refund being asked for) take their product's current file, which is
// what they were served until then; unpaid and refunded orders' lines get none.

const SNAPSHOTS = '0017-order-line-files'

describe('migration 0017: order line file snapshots', () => {
  it('fills paid orders’ lines from their product’s current file, and only those', async () => {
    const t = await createTestApp({ migrate: false })
    const db = t.database.db
    const names = Object.keys(migrations)
    const before = names[names.indexOf(SNAPSHOTS) - 1]!
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    expect((await migrator.migrateTo(before)).error).toBeUndefined()

    const user = await insertUser(db)
    const stamp = new Date().toISOString()
    const product = (id: string, file: string | null) => ({
      id,
      name: `Product ${id.slice(-4)}`,
      type: 'E-book',
      price: 1000,
      description: '',
      cover_photo: null,
      product_url: file ? null : 'https://example.com/guide',
      isPublished: true,
      deletedAt: null,
      deliveryFileKey: file,
      deliveryFileName: file ? `${file}.pdf` : null,
      deliveryFileType: file ? 'application/pdf' : null,
      deliveryFileSize: file ? 1234 : null,
      coverSmallKey: null,
      coverLargeKey: null,
      publishedAt: stamp,
      createdAt: stamp,
      updatedAt: stamp,
    })
    const withFile = '0190c6b2-7d3e-7a4b-8c5d-000000000001'
    const withLink = '0190c6b2-7d3e-7a4b-8c5d-000000000002'
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
    const old = db as any
    await old
      .insertInto('products')
      .values([product(withFile, 'blob-a'), product(withLink, null)])
      .execute()
    const orders: Record<string, string> = {}
    for (const status of ['paid', 'refund_pending', 'refunded', 'pending'] as const) {
      const order = await insertOrder(db, user.id, { status, total: 2000 })
      orders[status] = order.id
      await old
        .insertInto('product_orders')
        .values([
          { product_id: withFile, order_id: order.id, quantity: 1, amount: 1000 },
          { product_id: withLink, order_id: order.id, quantity: 1, amount: 1000 },
        ])
        .execute()
    }

    await migrateToLatest(t.database)
    const lines = await db
      .selectFrom('product_orders')
      .select(['order_id', 'product_id', 'deliveryFileKey', 'deliveryFileName', 'deliveryFileType'])
      .select('deliveryFileSize')
      .execute()
    const fileOf = (status: string, productId: string) =>
      lines.find((l) => l.order_id === orders[status] && l.product_id === productId)
    for (const status of ['paid', 'refund_pending']) {
      expect(fileOf(status, withFile)).toMatchObject({
        deliveryFileKey: 'blob-a',
        deliveryFileName: 'blob-a.pdf',
        deliveryFileType: 'application/pdf',
      })
      expect(Number(fileOf(status, withFile)?.deliveryFileSize)).toBe(1234)
      expect(fileOf(status, withLink)?.deliveryFileKey).toBeNull()
    }
    for (const status of ['refunded', 'pending']) expect(fileOf(status, withFile)?.deliveryFileKey).toBeNull()
  })
})

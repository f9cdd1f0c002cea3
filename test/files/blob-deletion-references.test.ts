import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { newId } from '../../src/server/lib/ids'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import { enqueueBlobDeletions } from '../../src/server/lib/storage/blob-deletions.repository'
import {
  insertDeliverableVersion,
  insertFile,
  insertFolder,
  insertOrder,
  insertProduct,
} from '../support/factories'
import { insertUser } from '../support/people'
import { createTestApp } from '../support/test-app'

// The blob deletion queue deletes a blob only when no row names it at the moment of deletion: files
// and their earlier versions, product covers and deliverables, the file a paid order line took, and
// uploads under way (the key their blob commits under). Every such column is in BLOB_REFERENCES.

describe('the blob deletion queue', () => {
  it('keeps every blob a row still names, deletes the rest, and empties the queue', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const put = async (text: string) => (await t.deps.storage.put(Readable.from([Buffer.from(text)]))).key
    const now = t.clock.now

    const fileKey = await put('a file')
    const coverSmall = await put('small cover')
    const coverLarge = await put('large cover')
    const deliverable = await put('an e-book')
    const orderLineKey = await put('the e-book a buyer paid for')
    const uploadKey = await put('an upload that committed its blob')
    const versionKey = await put('an earlier version of a file')
    const unnamed = await put('nobody names me')

    const folder = await insertFolder(db)
    const file = await insertFile(db, folder.id, { path: fileKey, size: 6 })
    await db
      .insertInto('file_versions')
      .values({
        id: newId(),
        file_id: file.id,
        path: versionKey,
        size: 28,
        sha256: null,
        mimetype: 'text/plain',
        createdBy: null,
        createdAt: now.toISOString(),
        replacedAt: now.toISOString(),
      })
      .execute()
    const product = await insertProduct(db, {
      coverSmallKey: coverSmall,
      coverLargeKey: coverLarge,
      deliveryFileKey: deliverable,
    })
    // Deliverables are named through their version rows (decision 0092): the product's and the line's.
    const current = await insertDeliverableVersion(db, product.id, deliverable)
    const bought = await insertDeliverableVersion(db, product.id, orderLineKey)
    await db
      .updateTable('products')
      .set({ deliveryVersionId: current })
      .where('id', '=', product.id)
      .execute()
    const buyer = await insertUser(db)
    const order = await insertOrder(db, buyer.id, { status: 'paid' })
    await db
      .insertInto('product_orders')
      .values({
        product_id: product.id,
        order_id: order.id,
        quantity: 1,
        amount: 0,
        deliveryFileKey: orderLineKey,
        deliveryVersionId: bought,
      })
      .execute()
    await db
      .insertInto('upload_sessions')
      .values({
        id: newId(),
        user_id: buyer.id,
        folder_id: folder.id,
        file_id: null,
        filename: 'big.bin',
        declared_type: null,
        length: 33,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
        blob_key: uploadKey,
      })
      .execute()

    const named = [fileKey, versionKey, coverSmall, coverLarge, deliverable, orderLineKey, uploadKey]
    await enqueueBlobDeletions(db, [...named, unnamed], now)
    const result = await drainBlobDeletions(db, t.deps.storage, now)
    expect(result).toEqual({ deleted: 8, failed: 0 })
    for (const key of named) expect(await t.deps.storage.exists(key)).toBe(true)
    expect(await t.deps.storage.exists(unnamed)).toBe(false)
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([])
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/connection'
import { takeNextNumber } from '../../src/server/features/shop/invoices/invoices.repository'
import { applyPaymentReport } from '../../src/server/features/shop/payments/payments.service'
import { checkout, product, type ShopTest, shopApp } from '../shop-payments/helpers'
import { releaseWhenDone } from '../support/cleanup'
import { signedIn } from '../support/people'

// Invoice numbers form one gapless sequence per year: orders paid at the same moment, through two
// "instances" (two connection pools on one database), take 1…n in turn, none twice, none skipped;
// a transaction that rolls back gives its number back.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})

describe('invoice numbering', () => {
  it('20 orders paid at once through two instances: numbers 1…20, no gap, no duplicate', async () => {
    const other = openDatabase(s.t.testDb.config)
    releaseWhenDone(() => other.close())
    const p = await product(s.t, { price: 1500 })
    const sessions = []
    for (let i = 0; i < 20; i++) {
      const buyer = await signedIn(s.t)
      sessions.push(await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }]))
    }
    const outcomes = await Promise.all(
      sessions.map((session, i) =>
        applyPaymentReport(
          { ...s.t.deps, database: i % 2 === 0 ? s.t.deps.database : other },
          { id: 9000 + i, status: 'success', reference: session.reference, amount: 1500, currency: 'NGN' },
          'webhook:charge.success',
        ),
      ),
    )
    expect(outcomes.every((o) => o?.status === 'paid' && o.changed)).toBe(true)
    const invoices = await s.t.database.db.selectFrom('invoices').select(['number', 'order_id']).execute()
    expect(invoices).toHaveLength(20)
    expect(new Set(invoices.map((i) => i.order_id)).size).toBe(20)
    const year = s.t.clock.now.getUTCFullYear()
    expect(invoices.map((i) => i.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`),
    )

    // A report repeated changes nothing and issues nothing.
    await applyPaymentReport(
      s.t.deps,
      { id: 9000, status: 'success', reference: sessions[0]!.reference, amount: 1500, currency: 'NGN' },
      'webhook:charge.success',
    )
    expect(await s.t.database.db.selectFrom('invoices').select('id').execute()).toHaveLength(20)
  })

  it('a number taken in a transaction that rolls back is taken again by the next', async () => {
    const db = s.t.database.db
    const first = await db.transaction().execute((trx) => takeNextNumber(trx, 'CN', 2031))
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await takeNextNumber(trx, 'CN', 2031)).toBe(first + 1)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await db.transaction().execute((trx) => takeNextNumber(trx, 'CN', 2031))).toBe(first + 1)
    // Each year has its own sequence.
    expect(await db.transaction().execute((trx) => takeNextNumber(trx, 'CN', 2032))).toBe(1)
  })
})

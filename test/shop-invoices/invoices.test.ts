import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkout, product, type ShopTest, settled, shopApp } from '../shop-payments/helpers'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import { attachmentsOf, download, invoicingSite, paidOrder, YORUBA_NAME } from './helpers'
import { pdfText } from './pdf-text'

// Every paid order gets an invoice, every processed refund a credit note against it; both print the
// business, the buyer (accents and tone marks intact), the lines, VAT and the totals, and reach the
// buyer by e-mail and from their order page, and shop staff from the staff order page.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
  await invoicingSite(s)
})
beforeEach(() => s.paystack.emulator.reset())

const year = () => s.t.clock.now.getUTCFullYear()

describe('invoices', () => {
  it('a corporate buyer’s paid order: the invoice prints business, buyer, lines, VAT and total', async () => {
    const buyer = await signedIn(s.t, {
      ...YORUBA_NAME,
      account_type: 'corporate',
      business_name: 'Ọlábísí & Sons Ventures',
      industry: 'Publishing',
    })
    await call(buyer, 'PATCH', '/api/me', {
      billing_address: '4 Adéọlá Odéku Street\nVictoria Island, Lagos',
      tax_number: 'NG-TIN 1234/5',
    })
    const me = await call(buyer, 'GET', '/api/me')
    expect(me.tax_number).toBe('NG-TIN 1234/5')
    const session = await paidOrder(s, buyer)

    const docs = await call(buyer, 'GET', `/api/shop/orders/${session.order_id}/documents`)
    expect(docs.invoice?.number).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`))
    expect(docs.invoice?.total).toBe(1000100)
    expect(docs.credit_notes).toEqual([])

    const text = await pdfText(await download(buyer, docs.invoice!.pdf_url))
    expect(text).toContain(docs.invoice!.number)
    expect(text).toContain('Ìlú Books Ltd')
    expect(text).toContain('12 Broad Street')
    expect(text).toContain('TIN-0042-7')
    expect(text).toContain('Adébáyọ̀ Ọlábísí'.normalize('NFC'))
    expect(text).toContain('Ọlábísí & Sons Ventures')
    expect(text).toContain('4 Adéọlá Odéku Street')
    expect(text).toContain('NG-TIN 1234/5')
    expect(text).toContain('Àṣà Brand Kit')
    expect(text).toMatch(/Àṣà Brand Kit\s+2\s+₦5,000\.50\s+—\s+₦10,001\.00/)
    expect(text).toMatch(/Total paid\s+₦10,001\.00/)
    // 7.5 % inside ₦10,001.00: 1000100 × 7.5 / 107.5 = 69774.4 kobo.
    expect(text).toMatch(/Prices include VAT at 7\.5 %\s+₦697\.74/)
    expect(text).toContain(session.reference)

    // The receipt carries the same PDF.
    const [attachment] = await attachmentsOf(s, 'order-receipt')
    expect(attachment?.filename).toBe(`${docs.invoice!.number}.pdf`)
    expect(attachment?.contentType).toBe('application/pdf')
    expect(await pdfText(attachment!.content)).toContain(docs.invoice!.number)
  })

  it('a partial refund gets a credit note referencing the invoice, on both order pages and by e-mail', async () => {
    const buyer = await signedIn(s.t, YORUBA_NAME)
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const session = await paidOrder(s, buyer)
    const refund = await call(staff, 'POST', `/api/staff/orders/${session.order_id}/refunds`, {
      amount: 250000,
      reason: 'one copy returned',
    })
    expect(refund.status).toBe('refund_pending')
    await settled(s)

    const docs = await call(staff, 'GET', `/api/staff/orders/${session.order_id}/documents`)
    expect(docs.credit_notes).toEqual([
      expect.objectContaining({
        amount: 250000,
        number: expect.stringMatching(new RegExp(`^CN-${year()}-\\d{6}$`)),
      }),
    ])
    const note = docs.credit_notes[0]!
    expect(note.pdf_url).toBe(`/api/staff/orders/${session.order_id}/credit-notes/${note.id}`)
    const text = await pdfText(await download(staff, note.pdf_url))
    expect(text).toContain('Credit note')
    expect(text).toContain(note.number)
    expect(text).toContain(`Credits invoice: ${docs.invoice!.number}`)
    expect(text).toContain('one copy returned')
    expect(text).toMatch(/Total credited\s+₦2,500\.00/)
    expect(text).toContain('Adébáyọ̀ Ọlábísí'.normalize('NFC'))

    const own = await call(buyer, 'GET', `/api/shop/orders/${session.order_id}/documents`)
    expect(own.credit_notes.map((n) => n.number)).toEqual([note.number])
    expect(await pdfText(await download(buyer, own.credit_notes[0]!.pdf_url))).toContain(note.number)
    const [attachment] = await attachmentsOf(s, 'refund-notice')
    expect(attachment?.filename).toBe(`${note.number}.pdf`)
  })

  it('a refund of an order paid before invoices existed issues its invoice then, and credits it', async () => {
    const buyer = await signedIn(s.t, {
      account_type: 'corporate',
      business_name: 'Ọ̀nà Prints Ltd',
      industry: 'Printing',
    })
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const session = await paidOrder(s, buyer, 300000, 1)
    // As an order paid before the invoices table: no invoice (and so no receipt attachment to keep).
    await s.t.database.db.deleteFrom('invoices').where('order_id', '=', session.order_id).execute()
    expect((await call(buyer, 'GET', `/api/shop/orders/${session.order_id}/documents`)).invoice).toBeNull()
    s.t.clock.advance(60_000)
    await call(staff, 'POST', `/api/staff/orders/${session.order_id}/refunds`, { amount: 100000 })
    await settled(s)

    const docs = await call(buyer, 'GET', `/api/shop/orders/${session.order_id}/documents`)
    expect(docs.invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^INV-${year()}-\\d{6}$`)),
      total: 300000,
      issued_at: s.t.clock.now.toISOString(),
    })
    expect(docs.credit_notes).toEqual([expect.objectContaining({ amount: 100000 })])
    const invoice = await pdfText(await download(buyer, docs.invoice!.pdf_url))
    expect(invoice).toContain('Ọ̀nà Prints Ltd'.normalize('NFC'))
    expect(invoice).toMatch(/Total paid\s+₦3,000\.00/)
    const note = await pdfText(await download(buyer, docs.credit_notes[0]!.pdf_url))
    expect(note).toContain(`Credits invoice: ${docs.invoice!.number}`)
    expect(note).toMatch(/Total credited\s+₦1,000\.00/)
    const [attachment] = await attachmentsOf(s, 'refund-notice')
    expect(attachment?.filename).toBe(`${docs.credit_notes[0]!.number}.pdf`)
  })

  it('another customer gets 404; staff without AccessShop 403; an unpaid order has no invoice', async () => {
    const buyer = await signedIn(s.t)
    const other = await signedIn(s.t)
    const inbox = await signedIn(s.t, { role: 'staff', functions: ['ManageFeedback'] })
    const session = await paidOrder(s, buyer)
    const id = session.order_id
    await call(other, 'GET', `/api/shop/orders/${id}/documents`, undefined, 404)
    await download(other, `/api/shop/orders/${id}/invoice.pdf`, 404)
    // Staff use the staff page's routes; their own order page shows only their own orders.
    const admin = await signedIn(s.t, { role: 'admin' })
    await download(admin, `/api/shop/orders/${id}/invoice.pdf`, 404)
    await download(admin, `/api/staff/orders/${id}/invoice.pdf`)
    await download(inbox, `/api/staff/orders/${id}/invoice.pdf`, 403)
    await call(inbox, 'GET', `/api/staff/orders/${id}/documents`, undefined, 403)
    await download(buyer, `/api/shop/orders/${id}/credit-notes/${crypto.randomUUID()}`, 404)

    const unpaid = await checkout(buyer.client, [{ product_id: (await product(s.t)).id, quantity: 1 }])
    const docs = await call(buyer, 'GET', `/api/shop/orders/${unpaid.order_id}/documents`)
    expect(docs.invoice).toBeNull()
    await download(buyer, `/api/shop/orders/${unpaid.order_id}/invoice.pdf`, 404)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { type ShopTest, settled, shopApp } from '../shop-payments/helpers'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import { invoicingSite, paidOrder, YORUBA_NAME } from './helpers'
import { pdfText, unzipMember } from './pdf-text'

// The accountant's export: every invoice and credit note of a period as PDFs in one zip, with a CSV
// index; only shop staff and admins, and audited.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
  await invoicingSite(s)
})

describe('invoice export', () => {
  it('a period’s invoices and credit notes, as one zip with index.csv', async () => {
    const buyer = await signedIn(s.t, YORUBA_NAME)
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const first = await paidOrder(s, buyer, 300000, 1)
    const second = await paidOrder(s, buyer, 120000, 3)
    const refund = await call(staff, 'POST', `/api/staff/orders/${second.order_id}/refunds`, {
      amount: 120000,
    })
    expect(refund.status).toBe('refund_pending')
    await settled(s)
    const a = await call(staff, 'GET', `/api/staff/orders/${first.order_id}/documents`)
    const b = await call(staff, 'GET', `/api/staff/orders/${second.order_id}/documents`)
    const note = b.credit_notes[0]!

    const today = s.t.clock.now.toISOString().slice(0, 10)
    const res = await staff.client.request(`/api/staff/invoices/export.zip?from=${today}&to=${today}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length)

    const { names, member } = await unzipMember(bytes, 'index.csv')
    expect(names).toEqual([
      'index.csv',
      `invoices/${a.invoice!.number}.pdf`,
      `invoices/${b.invoice!.number}.pdf`,
      `credit-notes/${note.number}.pdf`,
    ])
    const rows = member!
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe(
      'type,number,issued_at,credits_invoice,payment_reference,buyer,buyer_business,buyer_email,buyer_tax_number,currency,total,vat_included,file',
    )
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^invoice,${a.invoice!.number},.*,${first.reference},Adébáyọ̀ Ọlábísí,.*,NGN,3000\\.00,209\\.30,invoices/`,
        ),
      ),
      expect.stringMatching(new RegExp(`^invoice,${b.invoice!.number},.*,NGN,3600\\.00,251\\.16,invoices/`)),
      expect.stringMatching(
        new RegExp(
          `^credit note,${note.number},.*,${b.invoice!.number},${second.reference},.*,NGN,1200\\.00,83\\.72,credit-notes/`,
        ),
      ),
    ])
    const pdf = await unzipMember(bytes, `credit-notes/${note.number}.pdf`)
    expect(await pdfText(pdf.member!)).toContain(`Credits invoice: ${b.invoice!.number}`)

    const audit = await s.t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'export')
      .execute()
    expect(audit.some((e) => e.details.includes('"invoices"'))).toBe(true)
  })

  it('an empty period is an index alone; bad periods are refused; customers may not export', async () => {
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const res = await staff.client.request('/api/staff/invoices/export.zip?from=2001-01-01&to=2001-01-31')
    expect(res.status).toBe(200)
    const { names } = await unzipMember(new Uint8Array(await res.arrayBuffer()))
    expect(names).toEqual(['index.csv'])
    const backwards = await staff.client.request(
      '/api/staff/invoices/export.zip?from=2026-02-01&to=2026-01-01',
    )
    expect(backwards.status).toBe(422)
    expect(JSON.stringify(await backwards.json())).toContain('End the period on or after its start.')
    const tooLong = await staff.client.request('/api/staff/invoices/export.zip?from=2024-01-01&to=2026-01-01')
    expect(tooLong.status).toBe(422)
    const customer = await signedIn(s.t)
    expect(
      (await customer.client.request('/api/staff/invoices/export.zip?from=2026-01-01&to=2026-01-02')).status,
    ).toBe(403)
  })
})

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { expect } from 'vitest'
import { checkout, orderOf, product, type ShopTest, SUCCESS_CARD, settled } from '../shop-payments/helpers'
import { type Person, signedIn } from '../support/people'
import { call } from '../support/typed-client'

// Paid orders, refunds and the site's invoice settings for the invoice suites.

export const YORUBA_NAME = { first_name: 'Adébáyọ̀', last_name: 'Ọlábísí' }

/** The business's identity with an address, a tax number and VAT-inclusive prices, saved by an admin. */
export async function invoicingSite(s: ShopTest) {
  const admin = await signedIn(s.t, { role: 'admin' })
  await call(admin, 'PUT', '/api/admin/site', {
    name: 'Ìlú Books Ltd',
    address: '12 Broad Street\nLagos Island',
    supportEmail: 'help@ilu.example',
    accentColor: '#4338ca',
    taxNumber: 'TIN-0042-7',
    vatPercent: 7.5,
  })
  return admin
}

/** A buyer's order of `price` × `quantity`, paid through the emulator. */
export async function paidOrder(s: ShopTest, buyer: Person, price = 500050, quantity = 2) {
  const p = await product(s.t, { price, name: 'Àṣà Brand Kit' })
  const session = await checkout(buyer.client, [{ product_id: p.id, quantity }])
  s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
  await settled(s)
  expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  return session
}

/** A PDF route's bytes as `who` gets them (status checked). */
export async function download(who: Person, url: string, status = 200): Promise<Buffer> {
  const res = await who.client.request(url)
  expect(res.status, url).toBe(status)
  if (status === 200) expect(res.headers.get('content-type')).toBe('application/pdf')
  return Buffer.from(await res.arrayBuffer())
}

/** The attachments of the last e-mail of `template` the file transport wrote. */
export async function attachmentsOf(s: ShopTest, template: string) {
  await s.t.mail.drainOnce()
  const row = await s.t.database.db
    .selectFrom('mail_outbox')
    .select(['id', 'status', 'last_error'])
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  expect(row.status, row.last_error ?? '').toBe('sent')
  const raw = await readFile(path.join(s.t.deps.env.dataDir, 'mail', `${row.id}.eml`))
  return (await simpleParser(raw)).attachments
}

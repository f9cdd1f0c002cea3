import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Env } from '../../../env'
import { newId } from '../../../lib/ids'
import { readSiteIdentity } from '../../site/site-identity.service'
import { nextDocumentNumber } from './document-numbers'
import {
  creditNoteDocument,
  type InvoiceDocument,
  includedVat,
  invoiceLine,
  invoiceTotals,
} from './invoice-document'
import {
  insertCreditNote,
  insertInvoice,
  invoiceBuyer,
  invoiceLines,
  invoiceOfOrder,
  paymentOf,
} from './invoices.repository'

// Issuing: an invoice in the transaction that marks an order paid, a credit note in the transaction
// that settles a refund (docs/decisions/0126). Each takes its number from its series there (the year is
// the business's, in its time zone: decision 0131), and stores the whole document as it is then, so it
// never changes afterwards.

interface PaidOrder {
  id: string
  trxref: string
  currency: string
  user_id: string
}

const lines = (text: string | null | undefined) => (text ?? '').split('\n').filter(Boolean)

async function sellerOf(
  trx: Kysely<DB>,
  env: Env,
): Promise<{ seller: InvoiceDocument['seller']; vat: number | null; timeZone: string }> {
  const site = await readSiteIdentity(trx, env)
  return {
    seller: {
      name: site.name,
      address: lines(site.address),
      taxNumber: site.taxNumber || null,
      email: site.supportEmail,
    },
    vat: site.vatPercent,
    timeZone: site.timeZone,
  }
}

/** Issues the order's invoice. Call once, where the order moves into `paid`. */
export async function issueInvoice(
  trx: Kysely<DB>,
  env: Env,
  order: PaidOrder,
  now: Date,
): Promise<{ id: string; number: string }> {
  const [{ seller, vat, timeZone }, buyer, rows, payment] = await Promise.all([
    sellerOf(trx, env),
    invoiceBuyer(trx, order.user_id),
    invoiceLines(trx, order.id),
    paymentOf(trx, order.id),
  ])
  const items = rows.map((row) =>
    invoiceLine({ ...row, amount: Number(row.amount), discount: Number(row.discount) }),
  )
  const { subtotal, total } = invoiceTotals(items)
  const corporate = buyer.account_type === 'corporate'
  const issuedAt = now.toISOString()
  const document: Omit<InvoiceDocument, 'number'> = {
    kind: 'invoice',
    issuedAt,
    currency: order.currency,
    seller,
    buyer: {
      name: buyer.name,
      email: buyer.email,
      businessName: corporate ? buyer.business_name?.trim() || null : null,
      address: lines(buyer.billing_address),
      taxNumber: buyer.tax_number ?? null,
    },
    lines: items,
    subtotal,
    total,
    vat: vat ? { percent: vat, amount: includedVat(total, vat) } : null,
    payment: { reference: order.trxref, paidAt: payment?.paid_at ?? issuedAt },
  }
  // The number last: the series' row stays locked from here to the commit.
  const number = await nextDocumentNumber(trx, 'INV', now, timeZone)
  const id = newId(now.getTime())
  await insertInvoice(trx, {
    id,
    number,
    order_id: order.id,
    issued_at: issuedAt,
    currency: order.currency,
    subtotal,
    discount: 0,
    total,
    vat_amount: document.vat?.amount ?? 0,
    document: JSON.stringify({ ...document, number }),
  })
  return { id, number }
}

/**
 * Issues the credit note of a processed refund against the order's invoice. An order paid before
 * invoices existed has none, and its refunds get no credit note: returns undefined then.
 */
export async function issueCreditNote(
  trx: Kysely<DB>,
  env: Env,
  refund: { id: string; order_id: string; amount: number; reason: string | null },
  now: Date,
): Promise<{ id: string; number: string } | undefined> {
  const invoice = await invoiceOfOrder(trx, refund.order_id)
  if (!invoice) return undefined
  const { seller, timeZone } = await sellerOf(trx, env)
  const number = await nextDocumentNumber(trx, 'CN', now, timeZone)
  const document = creditNoteDocument(JSON.parse(invoice.document) as InvoiceDocument, {
    number,
    issuedAt: now.toISOString(),
    amount: refund.amount,
    reason: refund.reason,
    seller,
  })
  const id = newId(now.getTime())
  await insertCreditNote(trx, {
    id,
    number,
    refund_id: refund.id,
    invoice_id: invoice.id,
    issued_at: document.issuedAt,
    currency: document.currency,
    amount: refund.amount,
    vat_amount: document.vat?.amount ?? 0,
    document: JSON.stringify(document),
  })
  return { id, number }
}

import { type Insertable, type Kysely, sql } from 'kysely'
import type { Db } from '../../../db/db'
import type { CreditNotesTable, DB, InvoicesTable } from '../../../db/schema'

// Named queries of invoices and credit notes: the next number of a series, what an invoice is made
// from, the documents of an order, and a period's documents for the accountant's export.

/**
 * Takes the next number of a series and year: one upsert that creates the counter at 1 or adds one
 * to it. The row stays locked until the transaction ends, so concurrent issuers take numbers in turn,
 * and a transaction that rolls back gives its number back: no gap, no duplicate.
 */
export async function takeNextNumber(trx: Kysely<DB>, series: 'INV' | 'CN', year: number): Promise<number> {
  const row = await trx
    .insertInto('document_numbers')
    .values({ series, year, last: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'year'])
        .doUpdateSet((eb) => ({ last: eb(eb.ref('document_numbers.last'), '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow()
  return Number(row.last)
}

/** The buyer as an invoice names them. */
export function invoiceBuyer(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['name', 'email', 'account_type', 'business_name', 'billing_address', 'tax_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

/** The order's lines with the product names as they are when the invoice is issued. */
export function invoiceLines(db: Db, orderId: string) {
  return db
    .selectFrom('product_orders as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .select(['p.name', 'po.quantity', 'po.amount', 'po.discount'])
    .where('po.order_id', '=', orderId)
    .orderBy('p.name')
    .orderBy('po.product_id')
    .execute()
}

export function paymentOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_payments')
    .select(['paid_at', 'paid_amount'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

export async function insertInvoice(trx: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(row).execute()
}

export async function insertCreditNote(trx: Db, row: Insertable<CreditNotesTable>): Promise<void> {
  await trx.insertInto('credit_notes').values(row).execute()
}

export function invoiceOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'issued_at', 'total', 'currency', 'document'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

/** What issuing an invoice needs of an order. */
export function orderToInvoice(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'trxref', 'currency', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}

export function findInvoice(db: Db, id: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'issued_at', 'document'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The credit notes of an order's invoice, in the order they were issued. */
export function creditNotesOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', 'i.id', 'cn.invoice_id')
    .select(['cn.id', 'cn.number', 'cn.issued_at', 'cn.amount', 'cn.currency', 'cn.document'])
    .where('i.order_id', '=', orderId)
    .orderBy('cn.issued_at')
    .orderBy('cn.number')
    .execute()
}

/**
 * The documents issued in a period (issued_at in [from, to)), invoices then credit notes, each by
 * issue: their index facts, not their contents (read one at a time with documentContents).
 */
export async function documentsIssuedBetween(db: Db, from: string, to: string) {
  const invoices = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.number',
      'i.issued_at',
      'i.currency',
      'i.total',
      'i.vat_amount',
      sql<string | null>`null`.as('invoice_number'),
      'o.trxref',
    ])
    .where('i.issued_at', '>=', from)
    .where('i.issued_at', '<', to)
    .orderBy('i.issued_at')
    .orderBy('i.number')
    .execute()
  const creditNotes = await db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', 'i.id', 'cn.invoice_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'cn.id',
      'cn.number',
      'cn.issued_at',
      'cn.currency',
      'cn.amount as total',
      'cn.vat_amount',
      'i.number as invoice_number',
      'o.trxref',
    ])
    .where('cn.issued_at', '>=', from)
    .where('cn.issued_at', '<', to)
    .orderBy('cn.issued_at')
    .orderBy('cn.number')
    .execute()
  return { invoices, creditNotes }
}

/** A credit note by id; with `orderId`, only when it belongs to that order's invoice. */
export function findCreditNote(db: Db, id: string, orderId?: string) {
  let query = db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', 'i.id', 'cn.invoice_id')
    .select(['cn.id', 'cn.number', 'cn.issued_at', 'cn.document'])
    .where('cn.id', '=', id)
  if (orderId !== undefined) query = query.where('i.order_id', '=', orderId)
  return query.executeTakeFirst()
}

/** One stored document's contents. */
export async function documentContents(db: Db, kind: 'invoice' | 'credit_note', id: string): Promise<string> {
  const row =
    kind === 'invoice'
      ? await db.selectFrom('invoices').select('document').where('id', '=', id).executeTakeFirstOrThrow()
      : await db.selectFrom('credit_notes').select('document').where('id', '=', id).executeTakeFirstOrThrow()
  return row.document
}

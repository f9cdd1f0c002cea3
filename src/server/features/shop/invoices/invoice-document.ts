// What an invoice or a credit note says, as plain data: the PDF renderer takes it, and it is stored
// with the document when issued so a reprint years later prints the same thing (docs/decisions/0126).
// Amounts are integer minor units of `currency`.

export interface DocumentParty {
  name: string
  /** Lines of a postal address; empty when none is known. */
  address: string[]
  taxNumber: string | null
}

export interface InvoiceBuyer extends DocumentParty {
  email: string
  /** A corporate account's business, which the invoice is made out to; null for an individual. */
  businessName: string | null
}

export interface InvoiceLine {
  name: string
  quantity: number
  unitPrice: number
  /** Taken off this line; absent or 0 when none. */
  discount?: number
  /** quantity × unitPrice − discount */
  total: number
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note'
  number: string
  /** ISO-8601 UTC */
  issuedAt: string
  currency: string
  seller: DocumentParty & { email: string | null }
  buyer: InvoiceBuyer
  lines: InvoiceLine[]
  /** Sum of the line totals. */
  subtotal: number
  /** Taken off the whole order (a discount code), after the lines; absent or 0 when none. */
  discount?: number
  total: number
  /** Prices include VAT at `percent`: `amount` is the VAT within `total`. Null when not set. */
  vat: { percent: number; amount: number } | null
  payment: { reference: string; paidAt: string | null }
  /** A credit note: the invoice it corrects, and why. */
  credits?: { invoiceNumber: string; invoiceIssuedAt: string; reason: string | null }
}

/** The VAT inside a VAT-inclusive amount at `percent`, rounded to the minor unit. */
export function includedVat(amount: number, percent: number | null): number {
  if (!percent) return 0
  return Math.round((amount * percent) / (100 + percent))
}

/** The lines' and the order's totals; `total` is what the buyer paid. */
export function invoiceTotals(lines: readonly InvoiceLine[], discount = 0) {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0)
  return { subtotal, total: subtotal - discount }
}

/** An order line as an invoice line, with its discount when it has one. */
export function invoiceLine(line: { name: string; quantity: number; amount: number; discount?: number }) {
  const discount = line.discount ?? 0
  return {
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.amount,
    ...(discount ? { discount } : {}),
    total: line.quantity * line.amount - discount,
  }
}

/** The credit note of a refund of `amount` against an invoice: one line, the money given back. */
export function creditNoteDocument(
  invoice: InvoiceDocument,
  note: {
    number: string
    issuedAt: string
    amount: number
    reason: string | null
    seller: InvoiceDocument['seller']
  },
): InvoiceDocument {
  const percent = invoice.vat?.percent ?? null
  const line = {
    name: `Refund against invoice ${invoice.number}`,
    quantity: 1,
    unitPrice: note.amount,
    total: note.amount,
  }
  return {
    kind: 'credit_note',
    number: note.number,
    issuedAt: note.issuedAt,
    currency: invoice.currency,
    seller: note.seller,
    buyer: invoice.buyer,
    lines: [line],
    subtotal: note.amount,
    total: note.amount,
    vat: percent ? { percent, amount: includedVat(note.amount, percent) } : null,
    payment: invoice.payment,
    credits: { invoiceNumber: invoice.number, invoiceIssuedAt: invoice.issuedAt, reason: note.reason },
  }
}

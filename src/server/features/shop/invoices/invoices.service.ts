import { Readable } from 'node:stream'
import type { OrderDocuments } from '../../../../shared/contract/shop/invoices'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { contentDisposition } from '../../../lib/blobs/content-disposition'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canDownloadAnyDocuments, canDownloadOwnDocuments } from '../../../policies/shop/invoices.policy'
import type { MailAttachment, MailAttachmentRef } from '../../mail'
import { siteLogo } from '../../site/site-images.service'
import { findOrder } from '../orders/orders.repository'
import type { InvoiceDocument } from './invoice-document'
import { renderDocumentPdf } from './invoice-pdf'
import { creditNotesOfOrder, findCreditNote, findInvoice, invoiceOfOrder } from './invoices.repository'

// An order's invoice and credit notes: listed on the order pages, downloaded as PDFs by the buyer
// (their own orders) and by shop staff (any order), and attached to the receipt and refund e-mails.
// Someone else's order is "not found", as on the order pages.

type Deps = Pick<AppDeps, 'database'>
/** Which route asked: the buyer's own order page, or the staff order page. */
export type DocumentScope = 'own' | 'staff'

const base = (scope: DocumentScope, orderId: string) =>
  scope === 'own' ? `/api/shop/orders/${orderId}` : `/api/staff/orders/${orderId}`

async function visibleOrder(deps: Deps, actor: Caller, orderId: string, scope: DocumentScope) {
  const order = await findOrder(deps.database.db, orderId)
  const allowed =
    order && (scope === 'own' ? canDownloadOwnDocuments(actor, order) : canDownloadAnyDocuments(actor))
  if (!allowed) throw problems.notFound('No such order.')
  return order
}

export async function orderDocuments(
  deps: Deps,
  actor: Caller,
  orderId: string,
  scope: DocumentScope,
): Promise<OrderDocuments> {
  await visibleOrder(deps, actor, orderId, scope)
  const db = deps.database.db
  const [invoice, notes] = await Promise.all([invoiceOfOrder(db, orderId), creditNotesOfOrder(db, orderId)])
  const at = base(scope, orderId)
  return {
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          issued_at: invoice.issued_at,
          currency: invoice.currency,
          total: Number(invoice.total),
          pdf_url: `${at}/invoice.pdf`,
        }
      : null,
    credit_notes: notes.map((n) => ({
      id: n.id,
      number: n.number,
      issued_at: n.issued_at,
      currency: n.currency,
      amount: Number(n.amount),
      pdf_url: `${at}/credit-notes/${n.id}`,
    })),
  }
}

/** A stored document as a PDF stream, with the site's current logo. */
export async function documentPdfStream(db: Db, document: string): Promise<Readable> {
  return renderDocumentPdf(JSON.parse(document) as InvoiceDocument, await siteLogo(db))
}

function pdfResponse(stream: Readable, number: string): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('attachment', `${number}.pdf`),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export async function invoicePdf(deps: Deps, actor: Caller, orderId: string, scope: DocumentScope) {
  await visibleOrder(deps, actor, orderId, scope)
  const invoice = await invoiceOfOrder(deps.database.db, orderId)
  if (!invoice) throw problems.notFound('This order has no invoice yet: it is issued when the order is paid.')
  return pdfResponse(await documentPdfStream(deps.database.db, invoice.document), invoice.number)
}

export async function creditNotePdf(
  deps: Deps,
  actor: Caller,
  params: { id: string; noteId: string },
  scope: DocumentScope,
) {
  await visibleOrder(deps, actor, params.id, scope)
  const note = await findCreditNote(deps.database.db, params.noteId, params.id)
  if (!note) throw problems.notFound('No such credit note on this order.')
  return pdfResponse(await documentPdfStream(deps.database.db, note.document), note.number)
}

/**
 * The mail worker's attachment maker: an invoice's or credit note's PDF, made when the e-mail is sent
 * (one document, gathered in memory for the message).
 */
export function documentAttachments(deps: Deps) {
  return async (ref: MailAttachmentRef): Promise<MailAttachment> => {
    const db = deps.database.db
    const row =
      ref.kind === 'invoice'
        ? await findInvoice(db, ref.id)
        : ref.kind === 'credit_note'
          ? await findCreditNote(db, ref.id)
          : undefined
    if (!row) throw new Error(`no ${ref.kind} ${ref.id} to attach`)
    const chunks: Buffer[] = []
    for await (const chunk of await documentPdfStream(db, row.document)) chunks.push(chunk as Buffer)
    return { filename: ref.filename, contentType: 'application/pdf', content: Buffer.concat(chunks) }
  }
}

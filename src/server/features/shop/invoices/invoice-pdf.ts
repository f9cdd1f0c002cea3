import { formatMoney } from '../../../../shared/money'
import type { InvoiceDocument, InvoiceLine } from './invoice-document'
import { loadPdfKit } from './pdf-kit'

// An invoice or a credit note as a PDF (A4), drawn with pdfkit from the stored document. The result is
// a stream: bytes leave as pdfkit writes them. The same document and logo give the same bytes (the
// creation date is the issue date), which the period export relies on to announce its length.

type Doc = PDFKit.PDFDocument

export interface DocumentLogo {
  bytes: Buffer
  contentType: string
}

const MARGIN = 50
const GREY = '#555555'
// Columns of the lines table: description, quantity, unit price, discount, amount (x and width).
const COLUMNS = [
  { x: 50, width: 215, align: 'left' },
  { x: 270, width: 40, align: 'right' },
  { x: 315, width: 75, align: 'right' },
  { x: 395, width: 70, align: 'right' },
  { x: 470, width: 75, align: 'right' },
] as const

export const money = (amount: number, currency: string) => formatMoney(amount, currency, { locale: 'en' })

export function formatIssueDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
}

/** The document as a PDF stream; call end() is done here, read the returned stream to the end. */
export async function renderDocumentPdf(document: InvoiceDocument, logo?: DocumentLogo): Promise<Doc> {
  const { PDFDocument, regular, bold } = await loadPdfKit()
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note'
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.seller.name,
      CreationDate: new Date(document.issuedAt),
    },
    lang: 'en',
  })
  pdf.registerFont('regular', regular)
  pdf.registerFont('bold', bold)
  drawHeader(pdf, document, title, logo)
  drawParties(pdf, document)
  drawLines(pdf, document)
  drawTotals(pdf, document)
  pdf.end()
  return pdf
}

function drawHeader(pdf: Doc, document: InvoiceDocument, title: string, logo?: DocumentLogo) {
  const top = MARGIN
  let y = top
  if (logo && /^image\/(png|jpeg)$/.test(logo.contentType)) {
    try {
      pdf.image(logo.bytes, MARGIN, y, { fit: [120, 50] })
      y += 60
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  const seller = document.seller
  pdf.font('bold').fontSize(13).fillColor('black').text(seller.name, MARGIN, y, { width: 250 })
  pdf.font('regular').fontSize(9).fillColor(GREY)
  for (const line of seller.address) pdf.text(line, { width: 250 })
  if (seller.taxNumber) pdf.text(`Tax number: ${seller.taxNumber}`, { width: 250 })
  if (seller.email) pdf.text(seller.email, { width: 250 })
  const leftBottom = pdf.y

  pdf.font('bold').fontSize(20).fillColor('black').text(title, 330, top, { width: 215, align: 'right' })
  pdf.font('regular').fontSize(9)
  const facts: [string, string][] = [
    ['Number', document.number],
    ['Date', formatIssueDate(document.issuedAt)],
  ]
  if (document.credits) {
    facts.push(['Credits invoice', document.credits.invoiceNumber])
    facts.push(['Invoice date', formatIssueDate(document.credits.invoiceIssuedAt)])
  }
  facts.push(['Payment reference', document.payment.reference])
  if (document.payment.paidAt) facts.push(['Paid on', formatIssueDate(document.payment.paidAt)])
  for (const [label, value] of facts)
    pdf.text(`${label}: ${value}`, 330, pdf.y, { width: 215, align: 'right' })
  pdf.y = Math.max(leftBottom, pdf.y) + 20
}

function drawParties(pdf: Doc, document: InvoiceDocument) {
  const buyer = document.buyer
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(document.kind === 'invoice' ? 'Bill to' : 'Credit to', MARGIN)
  pdf.font('regular').fontSize(10)
  if (buyer.businessName) pdf.text(buyer.businessName)
  pdf.text(buyer.name)
  pdf.fillColor(GREY).fontSize(9)
  for (const line of buyer.address) pdf.text(line)
  pdf.text(buyer.email)
  if (buyer.taxNumber) pdf.text(`Tax number: ${buyer.taxNumber}`)
  if (document.credits?.reason) pdf.fillColor('black').text(`Reason: ${document.credits.reason}`)
  pdf.moveDown(1.5)
}

function row(pdf: Doc, cells: readonly string[], font: 'regular' | 'bold') {
  pdf.font(font).fontSize(9).fillColor('black')
  const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width })))
  if (pdf.y + height > pdf.page.height - MARGIN - 80) pdf.addPage()
  const y = pdf.y
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!
    pdf.text(cell, column.x, y, { width: column.width, align: column.align })
  })
  pdf.y = y + height + 6
  pdf.x = MARGIN
}

function rule(pdf: Doc) {
  pdf.moveTo(MARGIN, pdf.y).lineTo(545, pdf.y).lineWidth(0.5).strokeColor('#999999').stroke()
  pdf.y += 6
}

function drawLines(pdf: Doc, document: InvoiceDocument) {
  const m = (n: number) => money(n, document.currency)
  row(pdf, ['Description', 'Qty', 'Unit price', 'Discount', 'Amount'], 'bold')
  rule(pdf)
  for (const line of document.lines) {
    row(
      pdf,
      [line.name, String(line.quantity), m(line.unitPrice), discountCell(line, m), m(line.total)],
      'regular',
    )
  }
  rule(pdf)
}

function discountCell(line: InvoiceLine, m: (n: number) => string): string {
  return line.discount ? `−${m(line.discount)}` : '—'
}

function drawTotals(pdf: Doc, document: InvoiceDocument) {
  const m = (n: number) => money(n, document.currency)
  const label = { x: 270, width: 195, align: 'right' } as const
  const value = { x: 470, width: 75, align: 'right' } as const
  const total = (name: string, amount: string, bold = false) => {
    const y = pdf.y
    pdf
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 11 : 9)
      .fillColor('black')
    pdf.text(name, label.x, y, label)
    pdf.text(amount, value.x, y, value)
    pdf.moveDown(0.4)
  }
  total('Subtotal', m(document.subtotal))
  if (document.discount) total('Discount', `−${m(document.discount)}`)
  total(document.kind === 'invoice' ? 'Total paid' : 'Total credited', m(document.total), true)
  if (document.vat) {
    total(`Prices include VAT at ${document.vat.percent} %`, m(document.vat.amount))
  }
  pdf.x = MARGIN
}

import { Readable } from 'node:stream'
import type { DocumentExportQuery } from '../../../../shared/contract/shop/invoices'
import { majorUnits } from '../../../../shared/money'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { zipDownloadResponse } from '../../../lib/blobs/zip-response'
import { csvRecord } from '../../../lib/csv/csv-format'
import { yieldToEventLoop } from '../../../lib/event-loop'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import type { ZipEntry } from '../../../lib/zip/stored-zip'
import { canExportDocuments } from '../../../policies/shop/invoices.policy'
import { recordExport } from '../../audit/audit.service'
import type { InvoiceDocument } from './invoice-document'
import { documentContents, documentsIssuedBetween } from './invoices.repository'
import { documentPdfStream } from './invoices.service'

// The accountant's export: every invoice and credit note issued in a period, as PDFs in one stored
// zip with index.csv first. The zip announces its length, so each PDF is drawn twice: once to count
// its bytes (nothing kept but the count and its index row), once as it streams to the client. The
// same document gives the same bytes, so the counts hold. One document is in memory at a time.

type Deps = Pick<AppDeps, 'database' | 'clock'>

const INDEX_HEADER = [
  'type',
  'number',
  'issued_at',
  'credits_invoice',
  'payment_reference',
  'buyer',
  'buyer_business',
  'buyer_email',
  'buyer_tax_number',
  'currency',
  'total',
  'vat_included',
  'file',
]

interface Item {
  kind: 'invoice' | 'credit_note'
  id: string
  path: string
  size: number
  issuedAt: Date
  index: string
}

async function countBytes(stream: Readable): Promise<number> {
  let size = 0
  for await (const chunk of stream) size += (chunk as Buffer).length
  return size
}

async function measure(
  db: Db,
  row: {
    id: string
    number: string
    issued_at: string
    currency: string
    total: number
    vat_amount: number
    invoice_number: string | null
    trxref: string
  },
  kind: Item['kind'],
): Promise<Item> {
  const contents = await documentContents(db, kind, row.id)
  const document = JSON.parse(contents) as InvoiceDocument
  const path = `${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${row.number}.pdf`
  const size = await countBytes(await documentPdfStream(db, contents))
  const index = csvRecord([
    kind === 'invoice' ? 'invoice' : 'credit note',
    row.number,
    row.issued_at,
    row.invoice_number ?? '',
    row.trxref,
    document.buyer.name,
    document.buyer.businessName ?? '',
    document.buyer.email,
    document.buyer.taxNumber ?? '',
    row.currency,
    majorUnits(Number(row.total), row.currency),
    majorUnits(Number(row.vat_amount), row.currency),
    path,
  ])
  return { kind, id: row.id, path, size, issuedAt: new Date(row.issued_at), index }
}

export async function exportDocuments(
  deps: Deps,
  by: Caller,
  query: DocumentExportQuery,
  method: string,
): Promise<Response> {
  if (!canExportDocuments(by)) throw problems.forbidden()
  const db = deps.database.db
  const from = `${query.from}T00:00:00.000Z`
  const to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString()
  await recordExport(db, by, 'invoices', {}, deps.clock(), { from: query.from, to: query.to })
  const { invoices, creditNotes } = await documentsIssuedBetween(db, from, to)
  const items: Item[] = []
  for (const row of invoices) {
    items.push(await measure(db, row, 'invoice'))
    await yieldToEventLoop()
  }
  for (const row of creditNotes) {
    items.push(await measure(db, row, 'credit_note'))
    await yieldToEventLoop()
  }
  // UTF-8 with a BOM, so spreadsheet programs read the names right.
  const index = Buffer.from(`\uFEFF${csvRecord(INDEX_HEADER)}${items.map((i) => i.index).join('')}`)
  const entries: ZipEntry[] = [
    {
      name: 'index.csv',
      kind: 'file',
      size: index.length,
      modifiedAt: deps.clock(),
      open: async () => Readable.from([index]),
    },
    ...items.map(
      (item): ZipEntry => ({
        name: item.path,
        kind: 'file',
        size: item.size,
        modifiedAt: item.issuedAt,
        open: async () =>
          documentPdfStream(db, await documentContents(db, item.kind, item.id)) as Promise<Readable>,
      }),
    ),
  ]
  return zipDownloadResponse(`documents-${query.from}-to-${query.to}`, entries, method)
}

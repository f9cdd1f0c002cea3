import type { OrderListQuery } from '../../../../shared/contract/shop/orders'
import { PAGE_LINK_TTL_MS } from '../../../../shared/download-links'
import { majorUnits } from '../../../../shared/money'
import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/blobs/blob-response'
import { presentation } from '../../../lib/blobs/presentation-policy'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage, isUnfiltered } from '../../../lib/list-query/apply-list-query'
import { batchesOf, EXPORT_BATCH_ROWS, keysetBatches } from '../../../lib/list-query/query-batches'
import { keptTotal } from '../../../lib/list-query/row-counts.repository'
import { canSeeAllOrders, canSeeOrder, hasDeliverables, PAYABLE } from '../../../policies/shop/orders.policy'
import { recordExport } from '../../audit/audit.service'
import { verifyAndApply } from '../payments/payments.service'
import { orderRefunds, refundedSoFar } from '../payments/refunds.repository'
import { PaystackRefused, PaystackUnavailable } from '../paystack/paystack-gateway'
import { deliverablesOf, readDownloadToken } from './orders.downloads'
import { presentOrderDetail, presentOrderSummary } from './orders.presenter'
import {
  type ExportedOrderRow,
  filteredOrders,
  findOrder,
  lineNamesOf,
  ORDER_LIST_COLUMNS,
  type OrderRow,
  orderEvents,
  orderLines,
  ordersToExport,
} from './orders.repository'

// Orders as buyers and shop staff see them: a buyer's history and one order with its deliverables,
// the callback's verify, the staff table with its CSV export, and the file download behind a signed
// link.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer' | 'storage' | 'paystack'>

async function orderRow(deps: Deps, where: { id?: string; trxref?: string }): Promise<OrderRow | undefined> {
  let qb = filteredOrders(deps.database.db, {})
  if (where.id) qb = qb.where('o.id', '=', where.id)
  if (where.trxref) qb = qb.where('o.trxref', '=', where.trxref)
  return qb.executeTakeFirst()
}

async function detail(deps: Deps, actor: Caller, row: OrderRow) {
  const db = deps.database.db
  const staff = canSeeAllOrders(actor)
  const lines = await orderLines(db, row.id)
  const deliverables = hasDeliverables(row.status)
    ? deliverablesOf(deps.env, row.id, lines, deps.clock(), PAGE_LINK_TTL_MS)
    : []
  return presentOrderDetail(row, actor, {
    lines,
    deliverables,
    events: staff ? await orderEvents(db, row.id) : [],
    refunds: await orderRefunds(db, row.id),
    refunded: await refundedSoFar(db, row.id),
    staff,
  })
}

export async function getOrder(deps: Deps, actor: Caller, id: string) {
  const row = await orderRow(deps, { id })
  // Someone else's order is "not found", not "forbidden": its existence is nobody else's business.
  if (!row || !canSeeOrder(actor, row)) throw problems.notFound('No such order.')
  return detail(deps, actor, row)
}

/**
 * The callback page's question: "is my order paid?". The server asks Paystack (never trusting the
 * browser) unless the order is already settled, so reloading the page changes and sends nothing.
 * During a Paystack outage the order stays as it is and the answer says so; the job retries.
 */
export async function verifyForBuyer(deps: Deps, actor: Caller, reference: string) {
  let row = await orderRow(deps, { trxref: reference })
  if (!row || actor.kind !== 'user' || row.user_id !== actor.id) throw problems.notFound('No such order.')
  let verified = true
  if (PAYABLE.includes(row.status)) {
    try {
      await verifyAndApply(deps, reference, 'verify')
    } catch (error) {
      if (error instanceof PaystackUnavailable) verified = false
      else if (!(error instanceof PaystackRefused)) throw error
    }
    row = (await orderRow(deps, { id: row.id })) ?? row
  }
  return { verified, order: await detail(deps, actor, row) }
}

async function presentPage<P extends { items: OrderRow[] }>(deps: Deps, page: P) {
  const lines = await lineNamesOf(
    deps.database.db,
    page.items.map((o) => o.id),
  )
  return { ...page, items: page.items.map((o) => presentOrderSummary(o, lines.get(o.id) ?? [])) }
}

export async function listMyOrders(deps: Deps, actor: Caller, query: OrderListQuery) {
  if (actor.kind !== 'user') throw problems.unauthenticated()
  const page = await fetchListPage(
    filteredOrders(deps.database.db, query, actor.id),
    query,
    ORDER_LIST_COLUMNS,
  )
  return presentPage(deps, page)
}

export async function listAllOrders(deps: Deps, actor: Caller, query: OrderListQuery) {
  if (!canSeeAllOrders(actor)) throw problems.forbidden()
  const { db } = deps.database
  const page = await fetchListPage(
    filteredOrders(db, query),
    query,
    ORDER_LIST_COLUMNS,
    keptTotal(db, 'orders', isUnfiltered(query)),
  )
  return presentPage(deps, page)
}

type CsvOrder = ExportedOrderRow & { lines: { name: string; quantity: number }[] }

/**
 * The orders CSV reads as people read orders: products by name ("Brand Kit × 2; Logo Pack"), money
 * as a plain decimal in major units beside its currency code ("1500.50", "NGN"), so spreadsheets sum
 * it (docs/product-notes.md, staff data).
 */
const ORDER_CSV: CsvColumn<CsvOrder>[] = [
  { header: 'reference', value: (r) => r.trxref },
  { header: 'ordered_at', value: (r) => r.createdAt },
  { header: 'status', value: (r) => r.status },
  {
    header: 'products',
    value: (r) => r.lines.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join('; '),
  },
  { header: 'items', value: (r) => String(r.lines.reduce((sum, l) => sum + l.quantity, 0)) },
  { header: 'total', value: (r) => majorUnits(Number(r.total), r.currency) },
  { header: 'discount_code', value: (r) => r.discount_code ?? '' },
  { header: 'discount', value: (r) => majorUnits(Number(r.discount_total), r.currency) },
  { header: 'currency', value: (r) => r.currency },
  { header: 'buyer_name', value: (r) => r.buyer_name },
  { header: 'buyer_email', value: (r) => r.buyer_email },
  { header: 'id', value: (r) => r.id },
]

/** Each batch of orders with its product lines, looked up in one query per batch. */
async function* withLines(deps: Deps, rows: AsyncIterable<ExportedOrderRow>): AsyncGenerator<CsvOrder> {
  for await (const batch of batchesOf(rows, EXPORT_BATCH_ROWS)) {
    const lines = await lineNamesOf(
      deps.database.db,
      batch.map((o) => o.id),
    )
    for (const o of batch) yield { ...o, lines: lines.get(o.id) ?? [] }
  }
}

export async function exportOrders(deps: Deps, by: Caller, query: OrderListQuery) {
  if (!canSeeAllOrders(by)) throw problems.forbidden()
  await recordExport(deps.database.db, by, 'orders', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    ordersToExport(deps.database.db, query),
    query,
    ORDER_LIST_COLUMNS,
  )
  return csvStream(ORDER_CSV, withLines(deps, rows))
}

/**
 * A deliverable file behind a signed link: refused once the link has expired, when the order is not
 * (or no longer) paid, or when its line has no file. Streams the file the line names (the one bought,
 * or a newer one staff sent: its version, decision 0092) from private storage, with ranges and ETag like
 * every file (blob-response.ts).
 */
export async function download(deps: Deps, token: string): Promise<BlobToSend> {
  const claim = readDownloadToken(deps.env, token, deps.clock())
  if (!claim)
    throw problems.notFound('This download link has expired or is not valid. Open your order for a new one.')
  const db = deps.database.db
  const order = await findOrder(db, claim.orderId)
  if (!order || !hasDeliverables(order.status))
    throw problems.forbidden('This order gives no access to downloads.')
  const line = (await orderLines(db, order.id)).find((l) => l.product_id === claim.productId)
  if (!line?.deliveryPath) throw problems.notFound('This product has no file to download.')
  return {
    key: line.deliveryPath,
    sha256: line.deliverySha256 ?? null,
    filename: line.deliveryFileName ?? 'download',
    // Always an attachment: a bought file is the buyer's to save, never a page of ours.
    presentation: presentation(line.deliveryType ?? 'application/octet-stream', 'attachment'),
    // The signed link is the credential: no cache may keep the file.
    cacheControl: 'private, no-store',
  }
}

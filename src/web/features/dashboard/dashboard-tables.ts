import type {
  Dashboard,
  DashboardBucket,
  DashboardInbox,
  DashboardShop,
  DashboardStorage,
} from '../../../shared/contract/dashboard'
import type { OrderStatus } from '../../../shared/enums'
import { numberFormat } from '../../../shared/intl-formats'
import { currencyExponent } from '../../../shared/money'
import { formatBytes } from '../../lib/format'
import { ORDER_STATUS_LABELS } from '../shop/orders/order-status'
import type { ChartColumn, ChartTable } from './chart-table'
import { bucketLabel, formatCount, moneyCsv, moneyFormatter } from './dashboard-format'

// Each chart's numbers as a table (chart-table.ts), built from the dashboard's answer: what the chart
// draws, the disclosure shows and the CSV holds are the same figures.

const BUCKET_HEADERS: Record<DashboardBucket, string> = {
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
}

function money(label: string, currency: string): ChartColumn {
  const exponent = 10 ** currencyExponent(currency)
  const compact = numberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })
  return {
    label,
    format: moneyFormatter(currency),
    csvLabel: `${label} (${currency})`,
    csv: moneyCsv(currency),
    tick: (v) => compact.format(v / exponent),
  }
}

const count = (label: string): ChartColumn => ({ label, format: formatCount })

const bytes = (label: string): ChartColumn => ({
  label,
  format: formatBytes,
  csvLabel: `${label} (bytes)`,
  csv: String,
})

function byBucket<P extends { bucket: string }>(
  d: Pick<Dashboard, 'bucket'>,
  points: P[],
  columns: ChartColumn[],
  values: (p: P) => number[],
): ChartTable {
  return {
    rowHeader: BUCKET_HEADERS[d.bucket],
    columns,
    rows: points.map((p) => ({
      key: p.bucket,
      label: bucketLabel(p.bucket, d.bucket),
      csv: p.bucket,
      values: values(p),
    })),
  }
}

export function revenueTable(d: Dashboard, shop: DashboardShop): ChartTable {
  return byBucket(d, shop.revenueSeries, [money('Revenue', d.currency), count('Orders')], (p) => [
    p.revenue,
    p.orders,
  ])
}

export function topProductsTable(d: Dashboard, shop: DashboardShop): ChartTable {
  return {
    rowHeader: 'Product',
    columns: [money('Revenue', d.currency), count('Quantity')],
    rows: shop.topProducts.map((p) => ({
      key: p.productId,
      label: p.name,
      csv: p.name,
      values: [p.revenue, p.quantity],
    })),
  }
}

export function statusTable(shop: DashboardShop): ChartTable {
  return {
    rowHeader: 'Status',
    columns: [count('Orders')],
    rows: shop.ordersByStatus.map((s) => ({
      key: s.status,
      label: ORDER_STATUS_LABELS[s.status as OrderStatus] ?? s.status,
      csv: s.status,
      values: [s.count],
    })),
  }
}

export function inboxTable(d: Dashboard, inbox: DashboardInbox): ChartTable {
  return byBucket(d, inbox.perDay, [count('Quote requests'), count('Contact messages')], (p) => [
    p.quotes,
    p.contacts,
  ])
}

export function storageTable(storage: DashboardStorage): ChartTable {
  return {
    rowHeader: 'Customer',
    columns: [bytes('Used'), bytes('Quota')],
    rows: storage.topCustomers.map((c) => ({
      key: c.userId,
      label: c.name,
      csv: c.name,
      values: [c.usedBytes, c.quotaBytes],
    })),
  }
}

export function uploadsTable(d: Dashboard, storage: DashboardStorage): ChartTable {
  return byBucket(d, storage.uploadsPerBucket, [count('Uploads'), bytes('Size')], (p) => [p.uploads, p.bytes])
}

/** A column's total over the table. */
export function columnTotal(table: ChartTable, column: number): number {
  return table.rows.reduce((sum, row) => sum + (row.values[column] ?? 0), 0)
}

/** The row with the most in a column (the first of equals). */
export function peakRow(table: ChartTable, column: number) {
  return table.rows.reduce<(typeof table.rows)[number] | undefined>(
    (best, row) => (!best || (row.values[column] ?? 0) > (best.values[column] ?? 0) ? row : best),
    undefined,
  )
}

/** "Design guide ₦5,000.00, Logo pack ₦2,500.00, Font kit ₦1,000.00 and 7 more" */
export function listSummary(table: ChartTable, column: number, shown = 3): string {
  const format = table.columns[column]?.format ?? String
  const named = table.rows.slice(0, shown).map((r) => `${r.label} ${format(r.values[column] ?? 0)}`)
  const more = table.rows.length - shown
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ')
}

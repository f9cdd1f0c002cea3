// The numbers behind a chart, one shape for its table, its CSV and its accessible summary: rows (a
// bucket, a product, a status) by columns (revenue, orders…), each column with a display format and a
// plain one for CSV.

export interface ChartColumn {
  label: string
  /** How a value reads on screen: "₦1,500.00", "12 MB". */
  format: (value: number) => string
  /** The header and value for CSV when they differ from the screen's ("Revenue (NGN)", "1500.00"). */
  csvLabel?: string
  csv?: (value: number) => string
  /** A short form for an axis's ticks ("₦1.5M"); the display format when absent. */
  tick?: (value: number) => string
}

export interface ChartRow {
  /** Unique in the table: the bucket, product, status or customer. */
  key: string
  /** The row's name on screen: "29 Mar", "Design guide". */
  label: string
  /** The row's name in CSV: the bucket key (2026-03-29) or the name. */
  csv: string
  values: number[]
}

export interface ChartTable {
  /** The first column's header: "Day", "Product", "Status". */
  rowHeader: string
  columns: ChartColumn[]
  rows: ChartRow[]
}

/** True when every value of the table is zero (or there are no rows): the chart shows its empty state. */
export function isEmptyTable(table: ChartTable): boolean {
  return table.rows.every((row) => row.values.every((v) => v === 0))
}

// Spreadsheets run a cell that starts with one of these as a formula: a name like "=HYPERLINK(…)" is
// written with a leading apostrophe so it stays text.
const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV field: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: string, text = true): string {
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The table as CSV (RFC 4180, CRLF line ends): a header row, then one line per row. */
export function tableCsv(table: ChartTable): string {
  const header = [table.rowHeader, ...table.columns.map((c) => c.csvLabel ?? c.label)].map((h) => csvField(h))
  const lines = table.rows.map((row) => [
    csvField(row.csv),
    ...row.values.map((v, i) => csvField((table.columns[i]?.csv ?? String)(v), false)),
  ])
  return [header, ...lines]
    .map((cells) => cells.join(','))
    .join('\r\n')
    .concat('\r\n')
}

/** "dashboard-revenue-2026-03-01-to-2026-03-30.csv" */
export function csvFileName(chart: string, range: { from: string; to: string }): string {
  const slug = chart
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `dashboard-${slug}-${range.from}-to-${range.to}.csv`
}

/** Saves the CSV in the browser: a Blob behind a temporary link (with a BOM so spreadsheets read UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

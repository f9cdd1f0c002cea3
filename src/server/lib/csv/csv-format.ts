// One CSV record as product.md §6 wants it: RFC 4180 quoting, CRLF line ends, ISO-8601 UTC dates and
// formula-injection escaping.

/** What a column may yield for a cell. */
export type CsvValue = string | number | boolean | Date | null | undefined

export const CSV_LINE_END = '\r\n'

// A spreadsheet treats a cell starting with one of these as a formula (OWASP "CSV injection"); tab and
// CR are in the list because some spreadsheets strip them and then see the character after.
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * The text of one cell, unquoted.
 *
 * The type of the value decides, not how the text looks: only strings are formula-escaped (a leading
 * `'`), so a numeric column returns numbers and `-5` stays a number a spreadsheet can add up, while
 * the string "-5" typed into a free-text field comes out as `'-5`. Timestamps in our data are already
 * ISO-8601 UTC strings (docs/decisions/0003) and start with a digit, so they pass through unchanged;
 * a Date is written with toISOString(). null, undefined, NaN, ±Infinity and an invalid Date are empty.
 */
export function csvCellText(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return Number.isNaN(value.getTime()) ? '' : value.toISOString()
}

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, and its quotes doubled. */
export function quoteCsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, CRLF-terminated (RFC 4180 allows a line break after the last record; we always write one). */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map((v) => quoteCsvField(csvCellText(v))).join(',') + CSV_LINE_END
}

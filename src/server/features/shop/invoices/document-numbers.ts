import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { takeNextNumber } from './invoices.repository'

// Document numbers: one gapless sequence per series and issue year, e.g. INV-2026-000123 and
// CN-2026-000007 (docs/decisions/0126). Call only inside the transaction that issues the document.

export type DocumentSeries = 'INV' | 'CN'

/** The calendar year of `at` in `timeZone` (an IANA name). */
export function issueYear(at: Date, timeZone = 'UTC'): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at))
}

export function formatDocumentNumber(series: DocumentSeries, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(6, '0')}`
}

/** The next number of the series for a document issued at `at`. */
export async function nextDocumentNumber(
  trx: Kysely<DB>,
  series: DocumentSeries,
  at: Date,
  timeZone?: string,
): Promise<string> {
  const year = issueYear(at, timeZone)
  return formatDocumentNumber(series, year, await takeNextNumber(trx, series, year))
}

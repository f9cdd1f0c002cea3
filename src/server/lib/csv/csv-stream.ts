import { yieldToEventLoop } from '../event-loop'
import { CSV_LINE_END, type CsvValue, csvCellText, csvRecord, quoteCsvField } from './csv-format'

export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => CsvValue
}

export interface CsvStreamOptions {
  /**
   * Characters gathered before a chunk is handed on (default 16k, about a hundred rows): big enough to
   * be cheap, small enough that making one holds the event loop for a millisecond or two.
   */
  chunkChars?: number
}

const BOM = '\uFEFF' // so spreadsheet programs read the file as UTF-8, not the system code page

/**
 * A CSV export as a byte stream: UTF-8 BOM, the header record, then one record per row.
 *
 * Pull-based: a row is read from `rows` only when the consumer wants more bytes, so memory stays at
 * about one chunk whatever the export's size, and a slow client slows the database reads down instead
 * of piling rows up. If the client goes away the source iterator is closed (its `return()` runs).
 * An error from the source or a column aborts the stream; the client sees a truncated download.
 * Each chunk after the first starts on a turn of the event loop of its own: a client that reads as
 * fast as we write (loopback, a fast network) would otherwise have the next chunk made at once, and
 * the export would hold every other request up from its first row to its last.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
  options: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  const chunkChars = options.chunkChars ?? 16 * 1024
  const encoder = new TextEncoder()
  let iterator: AsyncIterator<Row> | Iterator<Row> | undefined
  let pending = BOM + csvRecord(columns.map((c) => c.header))

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (iterator) await yieldToEventLoop()
      else iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]()
      while (pending.length < chunkChars) {
        const next = await iterator.next()
        if (next.done) {
          if (pending) controller.enqueue(encoder.encode(pending))
          controller.close()
          return
        }
        pending += csvLine(columns, next.value)
      }
      controller.enqueue(encoder.encode(pending))
      pending = ''
    },
    async cancel() {
      await iterator?.return?.()
    },
  })
}

/** csvRecord for one row, written straight into one string (no array of cells per row). */
function csvLine<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  let line = ''
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ','
    line += quoteCsvField(csvCellText(columns[i]!.value(row)))
  }
  return line + CSV_LINE_END
}

import { RangeNotSatisfiableError } from './storage-errors'

/**
 * One HTTP byte range, as `Range: bytes=…` says it: `{ start, end }` (end inclusive, absent = to the last
 * byte) or `{ suffix }` for the last N bytes. Parsing the header is the HTTP layer's job.
 */
export type ByteRangeRequest = { start: number; end?: number } | { suffix: number }

/** Inclusive byte positions within a blob. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Resolves a requested range against the blob's size, as RFC 9110 §14.1.2 does: an end past the last
 * byte is clamped; a start at or past the end, a zero-length suffix or any range of an empty blob is
 * unsatisfiable (416). Negative, fractional or reversed positions are a caller bug (TypeError).
 */
export function resolveByteRange(request: ByteRangeRequest, size: number): ByteRange {
  if ('suffix' in request) {
    if (!isPosition(request.suffix)) throw new TypeError(`Invalid suffix length ${request.suffix}`)
    if (request.suffix === 0 || size === 0) throw new RangeNotSatisfiableError(size)
    return { start: Math.max(0, size - request.suffix), end: size - 1 }
  }
  const { start, end } = request
  if (!isPosition(start) || (end !== undefined && (!isPosition(end) || end < start)))
    throw new TypeError(`Invalid byte range ${start}-${end ?? ''}`)
  if (start >= size) throw new RangeNotSatisfiableError(size)
  return { start, end: Math.min(end ?? size - 1, size - 1) }
}

const isPosition = (n: number) => Number.isSafeInteger(n) && n >= 0

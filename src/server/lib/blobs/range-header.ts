import type { ByteRangeRequest } from '../storage/byte-range'

/**
 * Reads a `Range` header (RFC 9110 §14.2) into the one range we serve. Anything we do not serve (no
 * header, another unit, several ranges, a malformed value) answers the whole representation, which
 * the RFC allows: a server may ignore Range. An `If-Range` that does not name the current ETag does
 * the same, so a resumed download never splices two versions of a file.
 */
export function requestedRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
): ByteRangeRequest | undefined {
  if (!range) return undefined
  if (ifRange !== undefined && ifRange.trim() !== etag) return undefined
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(range.trim())
  if (!match) return undefined
  const [, first, last] = match
  if (first === '' && last === '') return undefined
  if (first === '') return { suffix: Number(last) }
  const start = Number(first)
  if (last === '') return { start }
  const end = Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined
  return { start, end }
}

/** RFC 9110 If-None-Match (weak comparison): does the client already hold this version? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

import { problems } from '../http/problem'

// The opaque cursor of a keyset page (decision 0093): the position after the page's last row, as the
// values the next query compares against, plus the sort it was made for, so a cursor carried over to
// another sort is refused instead of silently skipping rows. base64url of a JSON array: opaque to
// clients (the contract only promises URL-safe text), cheap to read, and nothing in it is secret (the
// values are the caller's own row's name key, date or size and its id, which they were just shown).

const WRONG = 'This cursor is not one this list gave out for this order; start again from the first page.'

/** The cursor text for `values`, made under `sortTag` (e.g. `name:asc`). */
export function encodeCursor(sortTag: string, values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify([sortTag, ...values]), 'utf8').toString('base64url')
}

/**
 * The values of a cursor made by encodeCursor under `sortTag`, checked to be `length` strings or
 * numbers; a 400 problem for anything else (a cursor from another sort, edited by hand, or truncated).
 */
export function decodeCursor(text: string, sortTag: string, length: number): (string | number)[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw problems.badRequest(WRONG)
  }
  if (!Array.isArray(parsed) || parsed.length !== length + 1 || parsed[0] !== sortTag) {
    throw problems.badRequest(WRONG)
  }
  const values = parsed.slice(1)
  if (!values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
    throw problems.badRequest(WRONG)
  }
  return values as (string | number)[]
}

// A prefix as a range of an index on text: the texts that start with `prefix` are those from `prefix`
// (included) up to prefixEnd(prefix) (excluded), when texts compare code point by code point. That is
// the order of SQLite's BINARY collation over UTF-8 and of PostgreSQL's C (or C.UTF-8) collation; a
// linguistic collation orders some texts elsewhere, so queries that read such a range still check the
// prefix itself on each row they keep.

/** The highest code point: nothing can follow it. */
const MAX_CODE_POINT = 0x10ffff
const SURROGATES_START = 0xd800
const SURROGATES_END = 0xdfff

/**
 * The least text above every text that starts with `prefix`: the prefix with its last code point
 * raised by one, once trailing U+10FFFF are dropped (they cannot be raised; "a\u{10FFFF}" ends where
 * "a" does, at "b"); raised past the surrogates, which no stored text holds (U+D7FF ends at U+E000).
 * Null when nothing is left to raise (an empty prefix, or U+10FFFF only): the range runs to the end.
 * A lone surrogate in `prefix` counts as U+FFFD, as the database drivers send it.
 */
export function prefixEnd(prefix: string): string | null {
  const points = Array.from(prefix, (c) => {
    const point = c.codePointAt(0)!
    return point >= SURROGATES_START && point <= SURROGATES_END ? 0xfffd : point
  })
  while (points.at(-1) === MAX_CODE_POINT) points.pop()
  const last = points.pop()
  if (last === undefined) return null
  const raised = last + 1 === SURROGATES_START ? SURROGATES_END + 1 : last + 1
  return String.fromCodePoint(...points, raised)
}

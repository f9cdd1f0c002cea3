import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { prefixEnd } from './prefix-end'

/** Code point order: how SQLite (BINARY over UTF-8) and PostgreSQL (C collation) compare text. */
function compare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}
const inRange = (text: string, prefix: string) => {
  const end = prefixEnd(prefix)
  return compare(text, prefix) >= 0 && (end === null || compare(text, end) < 0)
}

describe('prefixEnd', () => {
  it('raises the last code point', () => {
    expect(prefixEnd('report')).toBe('reporu')
    expect(prefixEnd('report-')).toBe('report.')
    expect(prefixEnd('zo\u00eb')).toBe('zo\u00ec')
    expect(prefixEnd('a\u00ff')).toBe('a\u0100')
    expect(prefixEnd('\u{1f600}x')).toBe('\u{1f600}y')
    expect(prefixEnd('ab\u{1f600}')).toBe('ab\u{1f601}') // a whole code point, not its low surrogate
    expect(prefixEnd('a\uffff')).toBe('a\u{10000}')
  })

  it('drops trailing U+10FFFF, which nothing follows, and skips the surrogates', () => {
    expect(prefixEnd('a\u{10ffff}')).toBe('b')
    expect(prefixEnd('ab\u{10ffff}\u{10ffff}')).toBe('ac')
    expect(prefixEnd('\u{10ffff}')).toBeNull()
    expect(prefixEnd('')).toBeNull()
    expect(prefixEnd('a\ud7ff')).toBe('a\ue000')
    expect(prefixEnd('a\ud800')).toBe('a\ufffe') // a lone surrogate is U+FFFD on its way to the database
  })

  it('bounds exactly the texts that start with the prefix, for any texts', () => {
    const point = fc.oneof(
      fc.constantFrom(
        0x2d,
        0x2e,
        0x7f,
        0x80,
        0xff,
        0xd7ff,
        0xe000,
        0xfffd,
        0xffff,
        0x10000,
        0x10fffe,
        0x10ffff,
      ),
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 1, max: 0x10ffff }).filter((p) => p < 0xd800 || p > 0xdfff),
    )
    const text = fc.array(point, { maxLength: 6 }).map((ps) => String.fromCodePoint(...ps))
    fc.assert(
      fc.property(text, text, text, (prefix, a, b) => {
        // Texts near the prefix: the prefix itself, extended, cut by its last code point, or beside it.
        const cut = Array.from(prefix).slice(0, -1).join('')
        for (const t of [a, prefix + a, cut + a, prefix + a + b, (prefixEnd(prefix) ?? '') + a])
          expect(inRange(t, prefix), JSON.stringify([t, prefix])).toBe(t.startsWith(prefix))
      }),
      { numRuns: 2000 },
    )
  })
})

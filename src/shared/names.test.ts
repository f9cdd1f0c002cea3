import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  firstFreeName,
  MAX_NAME_BYTES,
  nameKey,
  nameProblem,
  nameWithSuffix,
  normalizeName,
  sanitizeName,
  splitExtension,
} from './names'

/** The characters that change how a name reads without being seen. */
const HIDDEN = [
  ...range(0x202a, 0x202e), // bidi embeddings and overrides
  ...range(0x2066, 0x2069), // bidi isolates
  ...range(0x200b, 0x200f), // zero-width space, non-joiner, joiner, LRM, RLM
  0xfeff, // byte order mark
  0x2028, // line separator
  0x2029, // paragraph separator
].map((code) => String.fromCodePoint(code))
/** Whitespace of every Unicode kind (White_Space), controls aside. */
const BLANKS = [
  ' ',
  '\u00a0',
  '\u1680',
  ...range(0x2000, 0x200a).map((c) => String.fromCodePoint(c)),
  '\u202f',
  '\u205f',
  '\u3000',
]
const DEVICES = ['CON', 'PRN', 'AUX', 'NUL', ...range(1, 9).flatMap((n) => [`COM${n}`, `LPT${n}`])]

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Random names that are usually acceptable: letters, digits, dots, blanks and a few symbols. */
const plainName = fc
  .array(fc.constantFrom(...'abcXYZ09 .-_()é名'), { minLength: 1, maxLength: 40 })
  .map((chars) => chars.join(''))

describe('nameProblem', () => {
  it.each([
    ['', 'empty'],
    ['.', 'dot_name'],
    ['..', 'dot_name'],
    ['a/b', 'slash'],
    ['a\\b', 'slash'],
    ['tab\there', 'control_character'],
    ['new\nline', 'control_character'],
    ['del\u007f', 'control_character'],
    ['ends.', 'trailing_dot_or_space'],
    ['ends ', 'trailing_dot_or_space'],
    ['ends\u3000', 'trailing_dot_or_space'],
    [' leading space', 'leading_space'],
    ['\u00a0nbsp', 'leading_space'],
    ['invoice\u202egpj.exe', 'hidden_character'],
    ['zero\u200bwidth', 'hidden_character'],
    ['\ufeffbom', 'hidden_character'],
    ['line\u2028break', 'hidden_character'],
    ['CON', 'reserved_name'],
    ['con.txt', 'reserved_name'],
    ['Lpt9.tar.gz', 'reserved_name'],
    ['nul.', 'trailing_dot_or_space'],
    ['x'.repeat(MAX_NAME_BYTES + 1), 'too_long'],
    ['é'.repeat(128), 'too_long'], // 256 bytes in UTF-8
  ])('refuses %j as %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem)
  })

  it.each([
    'report.pdf',
    '.env',
    'inner space',
    'Ünïcödé 名前',
    'x'.repeat(MAX_NAME_BYTES),
    '...a',
    'CONSOLE.txt',
    'COM10',
    'my CON.txt',
    'LPT0',
    'עברית.txt', // right-to-left text itself is fine; only the invisible controls are refused
  ])('accepts %j', (name) => {
    expect(nameProblem(name)).toBeUndefined()
  })

  it('refuses every hidden character, wherever it stands', () => {
    fc.assert(
      fc.property(plainName, fc.constantFrom(...HIDDEN), fc.nat(), (name, hidden, at) => {
        const i = at % (name.length + 1)
        expect(nameProblem(name.slice(0, i) + hidden + name.slice(i))).toBeDefined()
      }),
    )
  })

  it('refuses a blank of any kind at either end', () => {
    fc.assert(
      fc.property(plainName, fc.constantFrom(...BLANKS), fc.boolean(), (name, blank, atStart) => {
        expect(nameProblem(atStart ? blank + name : name + blank)).toBeDefined()
      }),
    )
  })

  it('refuses device names in any case, with or without an extension', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEVICES),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        fc.option(fc.stringMatching(/^\.[a-z0-9]{1,5}(\.[a-z0-9]{1,3})?$/), { nil: '' }),
        (device, upper, extension) => {
          const cased = [...device].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('')
          expect(nameProblem(cased + extension)).toBe('reserved_name')
        },
      ),
    )
  })
})

describe('sanitizeName', () => {
  it.each([
    ['invoice\u202egpj.exe', 'invoicegpj.exe'],
    [' \u00a0padded \u3000', 'padded'],
    ['CON.txt', '_CON.txt'],
    ['a/b\\c', 'a_b_c'],
    ['..', '_'],
    ['\u200b', '_'],
    ['tab\there', 'tabhere'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeName(raw)).toBe(clean)
  })

  it('leaves every acceptable name as it is and makes every other one acceptable', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300, unit: 'binary' }),
          fc
            .tuple(
              plainName,
              fc.constantFrom(...HIDDEN, ...BLANKS, ...DEVICES, '/', '.', '\u0000'),
              plainName,
            )
            .map((parts) => parts.join('')),
        ),
        (raw) => {
          const clean = sanitizeName(raw)
          expect(nameProblem(clean)).toBeUndefined()
          if (nameProblem(raw) === undefined) expect(clean).toBe(normalizeName(raw))
        },
      ),
    )
  })
})

describe('nameKey', () => {
  it('folds case and Unicode normal forms together', () => {
    expect(nameKey('Report.PDF')).toBe(nameKey('report.pdf'))
    expect(nameKey('Cafe\u0301')).toBe(nameKey('café')) // NFD vs NFC
    expect(nameKey('STRASSE')).toBe(nameKey('strasse'))
    expect(nameKey('a')).not.toBe(nameKey('b'))
  })

  it('stores names in NFC without trimming them', () => {
    expect(normalizeName('Cafe\u0301')).toBe('Caf\u00e9')
    expect(normalizeName(' x ')).toBe(' x ')
  })
})

describe('suffixes', () => {
  it('puts the suffix before the last dot, and treats a leading dot as no extension', () => {
    expect(splitExtension('report.pdf')).toEqual({ stem: 'report', extension: '.pdf' })
    expect(splitExtension('archive.tar.gz')).toEqual({ stem: 'archive.tar', extension: '.gz' })
    expect(splitExtension('.env')).toEqual({ stem: '.env', extension: '' })
    expect(nameWithSuffix('report.pdf', 1)).toBe('report (1).pdf')
    expect(nameWithSuffix('.env', 2)).toBe('.env (2)')
    expect(nameWithSuffix('Reports', 3)).toBe('Reports (3)')
  })

  it('picks the first free name, comparing by key', () => {
    const taken = new Set([nameKey('Report.pdf'), nameKey('report (1).pdf')])
    expect(firstFreeName('REPORT.pdf', taken)).toBe('REPORT (2).pdf')
    expect(firstFreeName('other.pdf', taken)).toBe('other.pdf')
  })

  it('always gives an acceptable name within the byte limit', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string({ minLength: 1, maxLength: 300, unit: 'binary' }),
            // Long extensions: the suffix must still fit.
            fc.tuple(plainName, fc.integer({ min: 200, max: 253 })).map(([s, n]) => `${s}.${'x'.repeat(n)}`),
          )
          .filter((s) => nameProblem(s) === undefined),
        fc.integer({ min: 1, max: 10_000 }),
        (name, n) => {
          const next = nameWithSuffix(name, n)
          expect(new TextEncoder().encode(next).length).toBeLessThanOrEqual(MAX_NAME_BYTES)
          expect(next).toContain(`(${n})`)
          expect(nameProblem(next)).toBeUndefined()
        },
      ),
    )
  })

  it('turns a name stored under older rules into an acceptable free one', () => {
    expect(firstFreeName('\u202ereport.pdf', new Set())).toBe('report.pdf')
    expect(firstFreeName('aux', new Set([nameKey('_aux')]))).toBe('_aux (1)')
  })
})

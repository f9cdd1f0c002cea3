import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  firstFreeName,
  MAX_NAME_BYTES,
  nameKey,
  nameProblem,
  nameWithSuffix,
  normalizeName,
  splitExtension,
} from './names'

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
    ['x'.repeat(MAX_NAME_BYTES + 1), 'too_long'],
    ['é'.repeat(128), 'too_long'], // 256 bytes in UTF-8
  ])('refuses %j as %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem)
  })

  it.each(['report.pdf', '.env', ' leading space', 'Ünïcödé 名前', 'x'.repeat(MAX_NAME_BYTES), '...a'])(
    'accepts %j',
    (name) => {
      expect(nameProblem(name)).toBeUndefined()
    },
  )
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

  it('always gives a valid name within the byte limit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }).filter((s) => nameProblem(s) === undefined),
        fc.integer({ min: 1, max: 10_000 }),
        (name, n) => {
          const next = nameWithSuffix(name, n)
          expect(new TextEncoder().encode(next).length).toBeLessThanOrEqual(MAX_NAME_BYTES)
          expect(next).toContain(`(${n})`)
        },
      ),
    )
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvCellText, csvRecord } from './csv-format'
import { attachmentDisposition, csvResponse } from './csv-response'
import { type CsvColumn, csvStream } from './csv-stream'

/** A strict RFC 4180 reader: throws on anything a conforming writer would not produce. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start'
  const endField = () => {
    record.push(field)
    field = ''
    state = 'start'
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (state === 'quoted') {
      if (c !== '"') field += c
      else if (text[i + 1] === '"') {
        field += '"'
        i++
      } else state = 'closed'
    } else if (c === ',') endField()
    else if (c === '\r' && text[i + 1] === '\n') {
      endField()
      records.push(record)
      record = []
      i++
    } else if (state === 'closed') throw new Error(`text after a closing quote at ${i}`)
    else if (c === '"' && state === 'start') state = 'quoted'
    else if (c === '"' || c === '\r' || c === '\n') throw new Error(`bare ${JSON.stringify(c)} at ${i}`)
    else {
      field += c
      state = 'plain'
    }
  }
  if (state === 'quoted') throw new Error('unterminated quote')
  if (field !== '' || record.length > 0) throw new Error('last record has no CRLF')
  return records
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)

type Person = { name: string; city: string | null; balance: number; joined: Date; vip: boolean }
const people: CsvColumn<Person>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'City', value: (p) => p.city },
  { header: 'Balance', value: (p) => p.balance },
  { header: 'Joined', value: (p) => p.joined },
  { header: 'VIP', value: (p) => p.vip },
]

describe('csv cells', () => {
  it('escapes every formula-looking string with a leading apostrophe', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])
      expect(csvCellText(s)).toBe(`'${s}`)
    for (const s of ['1+1', 'a=b', 'x-y', "'quoted", ' =1', '', 'mail@example.com'])
      expect(csvCellText(s)).toBe(s)
  })

  it('leaves numbers, booleans and dates alone, however they start', () => {
    expect(csvCellText(-5)).toBe('-5')
    expect(csvCellText(-0.25)).toBe('-0.25')
    expect(csvCellText(150000)).toBe('150000')
    expect(csvCellText(Number.NaN)).toBe('')
    expect(csvCellText(Number.POSITIVE_INFINITY)).toBe('')
    expect(csvCellText(true)).toBe('true')
    expect(csvCellText(false)).toBe('false')
    expect(csvCellText(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z')
    expect(csvCellText(new Date('not a date'))).toBe('')
    expect(csvCellText(null)).toBe('')
    expect(csvCellText(undefined)).toBe('')
  })

  it('quotes fields with a comma, quote, CR or LF and doubles the quotes', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'crlf\r\n'])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere","crlf\r\n"\r\n',
    )
    // Escaped and quoted: the apostrophe goes inside the quotes.
    expect(csvRecord(['=1,2', '-"x"'])).toBe(`"'=1,2","'-""x"""\r\n`)
  })
})

describe('csvStream', () => {
  const rows: Person[] = [
    {
      name: 'Zoë, 東京',
      city: 'Lagos',
      balance: -1500,
      joined: new Date('2026-01-02T03:04:05.000Z'),
      vip: true,
    },
    { name: '=cmd|calc', city: null, balance: 0, joined: new Date('2026-02-03T00:00:00.000Z'), vip: false },
    { name: 'Line one\r\nline two', city: 'He said "no"', balance: 7, joined: new Date(0), vip: false },
  ]

  it('starts with a UTF-8 BOM and the header, ends every record with CRLF', async () => {
    const bytes = await readAll(csvStream(people, rows))
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = decode(bytes)
    expect(text.startsWith('\uFEFFName,City,Balance,Joined,VIP\r\n')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
  })

  it('writes unicode, quoting, embedded newlines, escapes and ISO dates', async () => {
    const text = decode(await readAll(csvStream(people, rows)))
    expect(text).toBe(
      '\uFEFFName,City,Balance,Joined,VIP\r\n' +
        '"Zoë, 東京",Lagos,-1500,2026-01-02T03:04:05.000Z,true\r\n' +
        "'=cmd|calc,,0,2026-02-03T00:00:00.000Z,false\r\n" +
        '"Line one\r\nline two","He said ""no""",7,1970-01-01T00:00:00.000Z,false\r\n',
    )
    expect(parseCsv(text.slice(1))).toEqual([
      ['Name', 'City', 'Balance', 'Joined', 'VIP'],
      ['Zoë, 東京', 'Lagos', '-1500', '2026-01-02T03:04:05.000Z', 'true'],
      ["'=cmd|calc", '', '0', '2026-02-03T00:00:00.000Z', 'false'],
      ['Line one\r\nline two', 'He said "no"', '7', '1970-01-01T00:00:00.000Z', 'false'],
    ])
  })

  it('writes just the header for an empty export, from sync or async sources', async () => {
    const header = '\uFEFFName,City,Balance,Joined,VIP\r\n'
    expect(decode(await readAll(csvStream(people, [])))).toBe(header)
    async function* none(): AsyncGenerator<Person> {}
    expect(decode(await readAll(csvStream(people, none())))).toBe(header)
  })

  it('streams a 50k-row export chunk by chunk instead of buffering it', async () => {
    const total = 50_000
    let produced = 0
    async function* generate(): AsyncGenerator<{ id: number; note: string }> {
      for (let i = 0; i < total; i++) {
        produced++
        yield { id: i, note: `row ${i}, with a comma and "quotes"` }
      }
    }
    const columns: CsvColumn<{ id: number; note: string }>[] = [
      { header: 'id', value: (r) => r.id },
      { header: 'note', value: (r) => r.note },
    ]
    const reader = csvStream(columns, generate()).getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    // The first chunk arrives when a tiny fraction of the source has been read.
    expect(produced).toBeLessThan(total / 10)
    let bytes = first.value!.byteLength
    let chunks = 1
    let largest = bytes
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      bytes += r.value.byteLength
      largest = Math.max(largest, r.value.byteLength)
      chunks++
    }
    expect(produced).toBe(total)
    expect(chunks).toBeGreaterThan(20)
    // Memory per step is about one chunk, not the export; and a chunk is what one turn of the event loop
    // makes, so it stays small (about 16k characters) for the requests waiting behind it.
    expect(largest).toBeLessThan(20 * 1024)
    expect(bytes).toBeGreaterThan(2_000_000)
  })

  it('gives the event loop a turn between chunks, even to a reader as fast as the writer', async () => {
    const total = 50_000
    let produced = 0
    function* generate(): Generator<{ id: number }> {
      for (let i = 0; i < total; i++) {
        produced++
        yield { id: i }
      }
    }
    const columns: CsvColumn<{ id: number }>[] = [{ header: 'id', value: (r) => r.id }]
    let producedAtTurn: number | null = null
    const reader = csvStream(columns, generate(), { chunkChars: 4096 }).getReader()
    setImmediate(() => {
      producedAtTurn = produced
    })
    let chunks = 0
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks++
    // Another task (a request waiting) ran while the export was under way, not after it.
    expect(chunks).toBeGreaterThan(50)
    expect(producedAtTurn).not.toBeNull()
    expect(producedAtTurn).toBeLessThan(total / 10)
  })

  it('closes the source when the client goes away', async () => {
    let closed = false
    let produced = 0
    async function* endless(): AsyncGenerator<{ n: number }> {
      try {
        for (;;) yield { n: produced++ }
      } finally {
        closed = true
      }
    }
    const reader = csvStream([{ header: 'n', value: (r: { n: number }) => r.n }], endless()).getReader()
    await reader.read()
    await reader.cancel()
    expect(closed).toBe(true)
    expect(produced).toBeLessThan(100_000)
  })

  it('fails the stream when the source fails', async () => {
    async function* broken(): AsyncGenerator<Person> {
      yield rows[0]!
      throw new Error('database went away')
    }
    await expect(readAll(csvStream(people, broken()))).rejects.toThrow('database went away')
  })

  it('round-trips any cells through a strict RFC 4180 parser (modulo the formula escape)', async () => {
    const tricky = fc.constantFrom(
      ',',
      '"',
      '\r',
      '\n',
      '\r\n',
      '=',
      '+',
      '-',
      '@',
      '\t',
      "'",
      'é',
      '東',
      '😀',
    )
    // Any code point except lone surrogates (which no UTF-8 text can hold). Built by hand because
    // fc.string({ unit: 'binary' }) takes a second to construct.
    const anyChar = fc
      .integer({ min: 0, max: 0x10ffff })
      .filter((cp) => cp < 0xd800 || cp > 0xdfff)
      .map((cp) => String.fromCodePoint(cp))
    const text = fc.array(fc.oneof(tricky, anyChar), { maxLength: 12 }).map((parts) => parts.join(''))
    const cell = fc.oneof(
      text,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 20 }),
        async (rows) => {
          const columns = [0, 1, 2].map((i) => ({
            header: `c${i}`,
            value: (r: (typeof rows)[number]) => r[i],
          }))
          const parsed = parseCsv(decode(await readAll(csvStream(columns, rows))).replace(/^\uFEFF/, ''))
          const expected = rows.map((r) =>
            r.map((v) => (typeof v === 'string' ? (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) : String(v))),
          )
          expect(parsed).toEqual([['c0', 'c1', 'c2'], ...expected])
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('csvResponse', () => {
  it('sends text/csv with an RFC 6266 attachment name and no caching', async () => {
    const res = csvResponse(csvStream(people, []), 'orders-2026-03-01.csv')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-2026-03-01.csv"; filename*=UTF-8''orders-2026-03-01.csv`,
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(decode(new Uint8Array(await res.arrayBuffer()))).toContain('Name,City')
  })

  it('gives non-ASCII names an ASCII fallback and a percent-encoded UTF-8 name', () => {
    expect(attachmentDisposition('Zoë 東京 (1).csv')).toBe(
      `attachment; filename="Zoe __ (1).csv"; filename*=UTF-8''Zo%C3%AB%20%E6%9D%B1%E4%BA%AC%20%281%29.csv`,
    )
  })

  it('cannot be used to break the header or smuggle a path', () => {
    const header = attachmentDisposition('a"b\\c/d\r\nSet-Cookie: x=1;%.csv')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toBe(
      `attachment; filename="a_b_c_d__Set-Cookie: x=1__.csv"; filename*=UTF-8''a%22b_c_d__Set-Cookie%3A%20x%3D1%3B%25.csv`,
    )
    expect(attachmentDisposition('   ')).toContain('filename="export.csv"')
  })
})

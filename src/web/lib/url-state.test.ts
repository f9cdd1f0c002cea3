import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clearFiltersPatch,
  exportQueryParams,
  exportUrl,
  isFiltered,
  listQueryParams,
  nextSort,
  patchTableState,
  readTableState,
  type TableState,
  type TableStateConfig,
  updateTableParams,
  writeTableState,
} from './url-state'

type Sort = 'name' | 'createdAt' | 'total'
type Filter = 'status' | 'from' | 'to'

const CONFIG: TableStateConfig<Sort, Filter> = {
  sortable: ['name', 'createdAt', 'total'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: ['status', 'from', 'to'],
  defaultHidden: ['notes'],
}

const params = (query: string) => new URLSearchParams(query)
const read = (query: string) => readTableState(params(query), CONFIG)
const update = (query: string, patch: Parameters<typeof updateTableParams<Sort, Filter>>[2]) =>
  updateTableParams(params(query), CONFIG, patch).toString()

describe('readTableState', () => {
  it('gives the defaults for an empty query string', () => {
    expect(read('')).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      q: '',
      filters: {},
      hidden: ['notes'],
    })
  })

  it('reads every parameter the table knows', () => {
    expect(
      read('page=3&pageSize=50&sort=name&order=asc&q=ada&status=paid&from=2026-01-01&hide=total,name'),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
      q: 'ada',
      filters: { status: 'paid', from: '2026-01-01' },
      hidden: ['total', 'name'],
    })
  })

  it('falls back to the default for anything malformed instead of failing', () => {
    const state = read('page=abc&pageSize=1000&sort=password&order=sideways&status=')
    expect(state).toMatchObject({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc', filters: {} })
    expect(read('page=0&pageSize=0').page).toBe(1)
    expect(read('page=-2&pageSize=-5')).toMatchObject({ page: 1, pageSize: 25 })
    expect(read('page=2.5&pageSize=10.5')).toMatchObject({ page: 1, pageSize: 25 })
    expect(read('page=99999999999999999999').page).toBe(1)
  })

  it('accepts any page size the server does (1 to 100), not only the offered ones', () => {
    expect(read('pageSize=1').pageSize).toBe(1)
    expect(read('pageSize=30').pageSize).toBe(30)
    expect(read('pageSize=100').pageSize).toBe(100)
    expect(read('pageSize=101').pageSize).toBe(25)
  })

  it('keeps the search text exactly as typed, % and _ and spaces included', () => {
    expect(read(`q=${encodeURIComponent(' 50%_off ')}`).q).toBe(' 50%_off ')
  })

  it('reads an empty `hide` as "every column shown", not as the default', () => {
    expect(read('hide=').hidden).toEqual([])
    expect(read('hide=a,,b,a').hidden).toEqual(['a', 'b'])
  })
})

describe('writing the state into the URL', () => {
  it('leaves defaults out, so the plain address is the default view', () => {
    expect(writeTableState(params(''), CONFIG, read('')).toString()).toBe('')
    expect(update('sort=name', { sort: 'createdAt', order: 'desc' })).toBe('')
    expect(update('page=2', { page: 1 })).toBe('')
    expect(update('pageSize=50', { pageSize: 25 })).toBe('')
    expect(update('q=x', { q: '' })).toBe('')
  })

  it('keeps parameters it does not know, where they were', () => {
    expect(update('tab=open&page=2&utm_source=mail', { page: 3 })).toBe('tab=open&page=3&utm_source=mail')
    expect(update('tab=open&status=paid', { filters: { status: undefined } })).toBe('tab=open')
    expect(update('tab=open&tab=closed', { q: 'a' })).toBe('tab=open&tab=closed&q=a')
  })

  it('returns to page 1 when the search, a filter, the sort or the page size changes', () => {
    expect(update('page=4', { q: 'ada' })).toBe('q=ada')
    expect(update('page=4', { filters: { status: 'paid' } })).toBe('status=paid')
    expect(update('page=4&status=paid', { filters: { status: undefined } })).toBe('')
    expect(update('page=4', { sort: 'name' })).toBe('sort=name')
    expect(update('page=4&sort=name', { order: 'asc' })).toBe('sort=name&order=asc')
    expect(update('page=4', { pageSize: 50 })).toBe('pageSize=50')
  })

  it('stays on the page when nothing about the rows changes', () => {
    expect(update('page=4&q=ada', { q: 'ada' })).toBe('page=4&q=ada')
    expect(update('page=4&status=paid', { filters: { status: 'paid' } })).toBe('page=4&status=paid')
    expect(update('page=4', { hidden: ['total'] })).toBe('page=4&hide=total')
    expect(update('page=4', { page: 5 })).toBe('page=5')
  })

  it('wins over an explicit page in the same change: new filters start on page 1', () => {
    expect(update('page=4', { page: 7, q: 'ada' })).toBe('q=ada')
  })

  it('clears a filter set to an empty string or undefined', () => {
    expect(update('status=paid&from=2026-01-01', { filters: { status: '' } })).toBe('from=2026-01-01')
    expect(update('status=paid&from=2026-01-01', { filters: { from: undefined } })).toBe('status=paid')
  })

  it('writes the search text as typed, encoded', () => {
    const written = update('', { q: '100% a_b & c' })
    expect(written).toBe('q=100%25+a_b+%26+c')
    expect(read(written).q).toBe('100% a_b & c')
  })

  it('writes hidden columns only when they differ from the default', () => {
    expect(update('', { hidden: ['notes'] })).toBe('')
    expect(update('', { hidden: [] })).toBe('hide=')
    expect(update('', { hidden: ['notes', 'total'] })).toBe('hide=notes%2Ctotal')
    expect(update('hide=total', { hidden: ['notes'] })).toBe('')
  })

  it('normalises what it rewrites (a malformed page from a hand-edited link)', () => {
    expect(update('page=abc&keep=1', { q: 'x' })).toBe('keep=1&q=x')
  })

  it('round-trips any state: write then read gives it back', () => {
    const text = fc.string({ maxLength: 20 })
    const state = fc.record({
      page: fc.integer({ min: 1, max: 10_000 }),
      pageSize: fc.integer({ min: 1, max: 100 }),
      sort: fc.constantFrom<Sort>('name', 'createdAt', 'total'),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      q: text,
      filters: fc.record(
        { status: text.filter((s) => s !== ''), from: text.filter((s) => s !== '') },
        { requiredKeys: [] },
      ),
      hidden: fc.uniqueArray(fc.constantFrom('notes', 'total', 'name'), { maxLength: 3 }),
    })
    fc.assert(
      fc.property(state, fc.string(), (s: TableState<Sort, Filter>, unknownValue) => {
        const start = new URLSearchParams({ other: unknownValue })
        const written = writeTableState(start, CONFIG, s)
        const back = readTableState(new URLSearchParams(written.toString()), CONFIG)
        expect({ ...back, hidden: [...back.hidden].sort() }).toEqual({ ...s, hidden: [...s.hidden].sort() })
        expect(written.get('other')).toBe(unknownValue)
      }),
    )
  })
})

describe('patchTableState', () => {
  it('does not change the state it was given', () => {
    const before = read('status=paid&page=3')
    const snapshot = structuredClone(before)
    patchTableState(before, { filters: { status: undefined, from: '2026-01-01' } })
    expect(before).toEqual(snapshot)
  })
})

describe('clearing the filters', () => {
  it('clears the search and every filter, keeping sort, page size, columns and unknown parameters', () => {
    expect(
      update(
        'q=ada&status=paid&from=2026-01-01&to=2026-02-01&sort=name&pageSize=50&hide=&tab=x&page=3',
        clearFiltersPatch(CONFIG),
      ),
    ).toBe('sort=name&pageSize=50&hide=&tab=x')
  })
})

describe('isFiltered', () => {
  it('is true with a search or any filter, and false for a blank search', () => {
    expect(isFiltered(read(''))).toBe(false)
    expect(isFiltered(read('q=%20%20'))).toBe(false)
    expect(isFiltered(read('q=a'))).toBe(true)
    expect(isFiltered(read('to=2026-01-01'))).toBe(true)
    expect(isFiltered(read('sort=name&page=2&hide=total'))).toBe(false)
  })
})

describe('the list request', () => {
  it('sends page, size, sort and order explicitly, plus search and filters, but not view-only state', () => {
    expect(listQueryParams(read('status=paid&hide=total&tab=x'))).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      status: 'paid',
    })
    expect(listQueryParams(read('page=2&pageSize=10&sort=name&order=asc&q=%25'))).toEqual({
      page: 2,
      pageSize: 10,
      sort: 'name',
      order: 'asc',
      q: '%',
    })
  })
})

describe('exportUrl', () => {
  it('is <endpoint>/export.csv with the search, filters and order, without page or page size', () => {
    const state = read(
      'page=3&pageSize=10&sort=name&order=asc&q=ada&status=paid&to=2026-02-01&hide=total&tab=x',
    )
    const url = exportUrl('/api/orders', state)
    expect(url.startsWith('/api/orders/export.csv?')).toBe(true)
    expect(Object.fromEntries(new URL(url, 'http://localhost').searchParams)).toEqual({
      sort: 'name',
      order: 'asc',
      q: 'ada',
      status: 'paid',
      to: '2026-02-01',
    })
  })

  it('keeps the default sort, so the file comes in the order the table shows', () => {
    expect(exportUrl('/api/orders', read(''))).toBe('/api/orders/export.csv?sort=createdAt&order=desc')
  })

  it('encodes the search text so % and _ arrive literally', () => {
    const url = exportUrl('/api/orders/', read(`q=${encodeURIComponent('10%_a&b=c')}`))
    expect(url).toBe('/api/orders/export.csv?sort=createdAt&order=desc&q=10%25_a%26b%3Dc')
    expect(new URL(url, 'http://localhost').searchParams.get('q')).toBe('10%_a&b=c')
  })

  it('matches what exportQueryParams gives', () => {
    const state = read('q=a&status=b')
    expect(new URL(exportUrl('/x', state), 'http://localhost').search).toBe(
      `?${new URLSearchParams(exportQueryParams(state))}`,
    )
  })
})

describe('nextSort', () => {
  it('flips the order of the sorted column', () => {
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' })
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' })
  })

  it('starts another column on its first order (ascending unless it says otherwise)', () => {
    expect(nextSort({ sort: 'name', order: 'desc' }, 'total')).toEqual({ sort: 'total', order: 'asc' })
    expect(nextSort({ sort: 'name', order: 'asc' }, 'createdAt', 'desc')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    })
  })
})

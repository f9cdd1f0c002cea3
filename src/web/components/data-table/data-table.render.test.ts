import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ListResponse } from '../../../shared/contract/list'
import { ApiError } from '../../lib/api-error'
import { listQueryParams, readTableState, type TableStateConfig } from '../../lib/url-state'
import type { DataTableProps } from './data-table'
import { DataTable } from './data-table'
import { useListQuery } from './use-list-query'
import { useTableState } from './use-table-state'

// DataTable rendered to HTML in Node (no DOM): which state it shows for which query result, and the
// markup that makes it accessible. Queries do not run during server rendering, so each case puts
// the answer (or the failure) in the cache first.

interface Thing {
  id: string
  title: string
  size: number
}

const CONFIG: TableStateConfig<'title' | 'size', 'kind'> = {
  sortable: ['title', 'size'],
  defaultSort: 'title',
  defaultOrder: 'asc',
  filters: ['kind'],
  defaultHidden: ['notes'],
}
const KEY = ['things', 'list']
const schema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), size: z.number() })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
})

const columns: DataTableProps<Thing, 'title' | 'size', 'kind'>['columns'] = [
  { id: 'title', header: 'Title', meta: { rowHeader: true }, cell: ({ row }) => row.original.title },
  { id: 'size', header: 'Size', sortDescFirst: true, cell: ({ row }) => String(row.original.size) },
  { id: 'notes', header: 'Notes', cell: () => 'a note' },
  { id: 'owner', header: 'Owner', cell: () => 'someone' },
]

function Things({ bulk }: { bulk: boolean }) {
  const state = useTableState(CONFIG)
  const result = useListQuery<Thing>({ queryKey: KEY, endpoint: '/api/things', schema, query: state.query })
  return h(DataTable<Thing, 'title' | 'size', 'kind'>, {
    label: 'Things',
    columns,
    state,
    result,
    getRowId: (thing: Thing) => thing.id,
    rowLabel: (thing: Thing) => thing.title,
    exportHref: '/api/things/export.csv',
    empty: { title: 'No things yet' },
    ...(bulk ? { bulkActions: () => 'bulk' } : {}),
  })
}

function render(
  search: string,
  prepare: (client: QueryClient, key: unknown[]) => void,
  bulk = false,
): string {
  // A failure in the cache would be retried on mount (shown as loading) unless told otherwise.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retryOnMount: false } },
  })
  const key = [...KEY, listQueryParams(readTableState(new URLSearchParams(search), CONFIG))]
  prepare(client, key)
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(MemoryRouter, { initialEntries: [`/things${search}`] }, h(Things, { bulk })),
    ),
  )
}

const page = (items: Thing[], total: number, pageNo = 1, pageSize = 25): ListResponse<Thing> => ({
  items,
  page: pageNo,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
})
const things = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${from + i}`, title: `Thing ${from + i}`, size: i }))

describe('DataTable', () => {
  it('shows skeleton rows, busy, while the first page loads', () => {
    const html = render('', () => {})
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain(
      '<caption class="px-4 py-3 text-left text-sm text-fg-muted sr-only">Things</caption>',
    )
    expect(html.match(/<tr/g)?.length).toBe(1 + 8)
    expect(html).not.toContain('Pagination')
  })

  it('shows the rows with a sortable header marked by aria-sort and row headers', () => {
    const html = render('?sort=size&order=desc&page=2&pageSize=10', (client, key) =>
      client.setQueryData(key, page(things(3, 11), 13, 2, 10)),
    )
    expect(html).toMatch(/<th scope="col"[^>]*aria-sort="descending"[^>]*><button[^>]*>Size/)
    expect(html).toMatch(/<th scope="col"[^>]*><button[^>]*>Title/)
    expect(html).not.toMatch(/aria-sort="[a-z]+"[^>]*><button[^>]*>Title/)
    expect(html).toMatch(/<th scope="col"[^>]*>Owner<\/th>/) // not sortable: no button
    expect(html).toContain(
      '<th scope="row" class="px-4 py-3 text-left align-middle font-normal">Thing 11</th>',
    )
    expect(html).not.toContain('Notes') // hidden by default
    expect(html).toContain('Showing <span class="font-medium text-fg">11–13</span> of')
    expect(html).toContain('Page 2 of 2')
    expect(html).toMatch(/aria-disabled="true" aria-label="Next page"/)
    expect(html).toMatch(/href="\/api\/things\/export\.csv" download=""/)
    expect(html).not.toContain('type="checkbox"')
  })

  it('shows columns the URL asks for and hides the ones it hides', () => {
    const html = render('?hide=owner', (client, key) => client.setQueryData(key, page(things(1), 1)))
    expect(html).toContain('Notes')
    expect(html).not.toContain('Owner')
  })

  it('adds labelled row checkboxes when the table has bulk actions', () => {
    const html = render('', (client, key) => client.setQueryData(key, page(things(2), 2)), true)
    expect(html).toContain('aria-label="Select all rows on this page"')
    expect(html).toContain('aria-label="Select Thing 1"')
    expect(html).toContain('aria-label="Select Thing 2"')
  })

  it('says "nothing yet" for an empty list, and "no matches" with a way out when filtered', () => {
    const nothing = render('', (client, key) => client.setQueryData(key, page([], 0)))
    expect(nothing).toContain('No things yet')
    expect(nothing).not.toContain('<table')
    const filtered = render('?q=zzz', (client, key) => client.setQueryData(key, page([], 0)))
    expect(filtered).toContain('No matches')
    expect(filtered).toContain('Clear filters')
    const byFilter = render('?kind=big', (client, key) => client.setQueryData(key, page([], 0)))
    expect(byFilter).toContain('No matches')
  })

  it('says so when the page is past the end, and offers the first page', () => {
    const html = render('?page=9', (client, key) => client.setQueryData(key, page([], 30, 9)))
    expect(html).toContain('This page is empty')
    expect(html).toContain('Go to the first page')
    expect(html).toContain('No rows on this page')
  })

  it('shows a failure with its reason and a retry, and a refused filter with a way to clear it', () => {
    const fail = (error: ApiError) => (client: QueryClient, key: unknown[]) =>
      client.getQueryCache().build(client, { queryKey: key }).setState({
        status: 'error',
        error,
        fetchStatus: 'idle',
      })
    const down = render(
      '',
      fail(new ApiError({ status: 503, code: 'service_unavailable', title: 'Down', detail: 'Try later.' })),
    )
    expect(down).toContain('Could not load things')
    expect(down).toContain('Try later.')
    expect(down).toContain('Try again')
    expect(down).not.toContain('Clear filters')
    const refused = render(
      '?kind=x',
      fail(
        new ApiError({
          status: 422,
          code: 'validation_failed',
          title: 'Some fields need attention',
          fieldErrors: { 'query.kind': ['Kind must be one of: big, small.'] },
        }),
      ),
    )
    expect(refused).toContain('Kind must be one of: big, small.')
    expect(refused).toContain('Clear filters')
  })

  it('puts the search text from the URL in the search box', () => {
    const html = render('?q=50%25_off', (client, key) => client.setQueryData(key, page([], 0)))
    expect(html).toMatch(/<label[^>]*class="sr-only">Search<\/label>/)
    expect(html).toContain('value="50%_off"')
  })
})

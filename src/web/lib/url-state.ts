import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SORT_ORDERS,
  type SortOrder,
} from '../../shared/contract/list-limits'

// A staff table's state lives in the address bar (product.md §6), in the same parameters the list
// endpoint takes (src/shared/contract/list.ts): `page`, `pageSize`, `sort`, `order`, `q` and the
// table's own filters, plus `hide` for the columns the user hid (view-only; the server ignores it).
// Defaults are left out of the URL, parameters this table does not know are kept untouched, and any
// change to what is shown (search, filters, sort, page size) goes back to page 1.

/** The page sizes a table offers (the server allows any size from 1 to 100). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const

const PARAM = { page: 'page', pageSize: 'pageSize', sort: 'sort', order: 'order', q: 'q', hidden: 'hide' }

/** What one table declares about its URL state; define it once per table, outside components. */
export interface TableStateConfig<Sort extends string = string, Filter extends string = string> {
  /** Keys the server sorts by; a column whose id is one of them gets a sort button. */
  sortable: readonly Sort[]
  defaultSort: Sort
  defaultOrder: SortOrder
  /** Names of the table's filter parameters, as the list endpoint takes them (`status`, `from`, `to`). */
  filters: readonly Filter[]
  /** 25 unless a table says otherwise. */
  defaultPageSize?: number
  /** Column ids hidden until the user shows them. */
  defaultHidden?: readonly string[]
}

export interface TableState<Sort extends string = string, Filter extends string = string> {
  page: number
  pageSize: number
  sort: Sort
  order: SortOrder
  /** The search text exactly as typed ('' when none). */
  q: string
  /** Only the filters that are set. */
  filters: Partial<Record<Filter, string>>
  /** Ids of the hidden columns. */
  hidden: readonly string[]
}

/** A change to the state; a filter set to undefined or '' is cleared. */
export interface TableStatePatch<Sort extends string = string, Filter extends string = string> {
  page?: number
  pageSize?: number
  sort?: Sort
  order?: SortOrder
  q?: string
  filters?: Partial<Record<Filter, string | undefined>>
  hidden?: readonly string[]
}

function positiveInteger(text: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined
  const value = Number(text)
  return value >= 1 && value <= max ? value : undefined
}

function defaultPageSize(config: TableStateConfig): number {
  return config.defaultPageSize ?? DEFAULT_PAGE_SIZE
}

function hiddenList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((item) => set.has(item))
}

/**
 * Reads a table's state from the query string. Anything malformed (a page of "abc", a sort key the
 * table does not allow) falls back to its default instead of breaking the page.
 */
export function readTableState<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  config: TableStateConfig<Sort, Filter>,
): TableState<Sort, Filter> {
  const sort = params.get(PARAM.sort)
  const order = params.get(PARAM.order)
  const filters: Partial<Record<Filter, string>> = {}
  for (const name of config.filters) {
    const value = params.get(name)
    if (value !== null && value !== '') filters[name] = value
  }
  const hidden = params.get(PARAM.hidden)
  return {
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: positiveInteger(params.get(PARAM.pageSize), MAX_PAGE_SIZE) ?? defaultPageSize(config),
    sort: config.sortable.includes(sort as Sort) ? (sort as Sort) : config.defaultSort,
    order: SORT_ORDERS.includes(order as SortOrder) ? (order as SortOrder) : config.defaultOrder,
    q: params.get(PARAM.q) ?? '',
    filters,
    hidden: hidden === null ? [...(config.defaultHidden ?? [])] : hiddenList(hidden),
  }
}

/** Applies a patch to a state; a change to what is shown returns to page 1. */
export function patchTableState<Sort extends string, Filter extends string>(
  current: TableState<Sort, Filter>,
  patch: TableStatePatch<Sort, Filter>,
): TableState<Sort, Filter> {
  const filters: Partial<Record<Filter, string>> = { ...current.filters }
  for (const [name, value] of Object.entries(patch.filters ?? {}) as [Filter, string | undefined][]) {
    if (value === undefined || value === '') delete filters[name]
    else filters[name] = value
  }
  const next: TableState<Sort, Filter> = {
    page: patch.page ?? current.page,
    pageSize: patch.pageSize ?? current.pageSize,
    sort: patch.sort ?? current.sort,
    order: patch.order ?? current.order,
    q: patch.q ?? current.q,
    filters,
    hidden: patch.hidden ?? current.hidden,
  }
  const reshaped =
    next.pageSize !== current.pageSize ||
    next.sort !== current.sort ||
    next.order !== current.order ||
    next.q !== current.q ||
    !sameFilters(next.filters, current.filters)
  return reshaped ? { ...next, page: 1 } : next
}

function sameFilters(a: Partial<Record<string, string>>, b: Partial<Record<string, string>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => a[key] === b[key])
}

/**
 * Writes a state into a copy of `params`: defaults are removed, the table's own parameters are set
 * in place, and every other parameter is kept as it was.
 */
export function writeTableState<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  config: TableStateConfig<Sort, Filter>,
  state: TableState<Sort, Filter>,
): URLSearchParams {
  const next = new URLSearchParams(params)
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name)
    else next.set(name, value)
  }
  put(PARAM.page, state.page === 1 ? undefined : String(state.page))
  put(PARAM.pageSize, state.pageSize === defaultPageSize(config) ? undefined : String(state.pageSize))
  put(PARAM.sort, state.sort === config.defaultSort ? undefined : state.sort)
  put(PARAM.order, state.order === config.defaultOrder ? undefined : state.order)
  put(PARAM.q, state.q === '' ? undefined : state.q)
  for (const name of config.filters) put(name, state.filters[name] || undefined)
  put(
    PARAM.hidden,
    sameSet(state.hidden, config.defaultHidden ?? []) ? undefined : [...new Set(state.hidden)].join(','),
  )
  return next
}

/** The next query string after a change: read, patch, write. */
export function updateTableParams<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  config: TableStateConfig<Sort, Filter>,
  patch: TableStatePatch<Sort, Filter>,
): URLSearchParams {
  return writeTableState(params, config, patchTableState(readTableState(params, config), patch))
}

/** The patch that clears search and every filter (sort, page size and columns stay). */
export function clearFiltersPatch<Sort extends string, Filter extends string>(
  config: TableStateConfig<Sort, Filter>,
): TableStatePatch<Sort, Filter> {
  const filters: Partial<Record<Filter, undefined>> = {}
  for (const name of config.filters) filters[name] = undefined
  return { q: '', filters }
}

/** Whether the rows shown are narrowed by a search or a filter ("no matches" rather than "nothing yet"). */
export function isFiltered(state: TableState): boolean {
  return state.q.trim() !== '' || Object.values(state.filters).some((value) => Boolean(value))
}

/** A list request's query parameters: everything the server needs, explicitly (not the hidden columns). */
export function listQueryParams(state: TableState): Record<string, string | number> {
  return { ...exportQueryParams(state), page: state.page, pageSize: state.pageSize }
}

/** What an export takes: search, filters and order, but not the page. */
export function exportQueryParams(state: TableState): Record<string, string> {
  const params: Record<string, string> = { sort: state.sort, order: state.order }
  if (state.q !== '') params.q = state.q
  for (const [name, value] of Object.entries(state.filters)) if (value) params[name] = value
  return params
}

/** `<endpoint>/export.csv?<search, filters and order>`: every row the table would show, on any page. */
export function exportUrl(endpoint: string, state: TableState): string {
  const query = new URLSearchParams(exportQueryParams(state)).toString()
  return `${endpoint.replace(/\/+$/, '')}/export.csv${query ? `?${query}` : ''}`
}

/** The sort after clicking a column's header: the same column flips; another starts on its first order. */
export function nextSort<Sort extends string>(
  current: { sort: Sort; order: SortOrder },
  column: Sort,
  firstOrder: SortOrder = 'asc',
): { sort: Sort; order: SortOrder } {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
  return { sort: column, order: firstOrder }
}

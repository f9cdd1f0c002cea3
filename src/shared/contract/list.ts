import { z } from 'zod'

// The one paging / sorting / filtering / search shape of every staff table (product.md §6). The web
// app keeps the same fields in its URL, so the query string is the table's state.

import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  SORT_ORDERS,
  type SortOrder,
} from './list-limits'

export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  SORT_ORDERS,
  type SortOrder,
} from './list-limits'

// Query strings carry text: `?page=2`. An empty value (`?q=&page=`, what a cleared form field sends)
// means "not given", so the default applies instead of a validation error.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const wholeNumberText = (v: unknown) => {
  const value = blankToUndefined(v)
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value
}

function wholeNumber(label: string, min: number, max?: number) {
  const base = z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
  return max === undefined ? base : base.max(max, { error: `${label} can be at most ${max}.` })
}

/** A calendar date, `YYYY-MM-DD`, as date-range filters take it (interpreted in UTC on the server). */
export const isoDateSchema = z
  .string({ error: 'Use a date like 2026-03-01.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-03-01.', abort: true })
  .refine(
    (s) => {
      // 2026-02-30 parses (JavaScript rolls it over to March), so check the date survives a round trip.
      const date = new Date(`${s}T00:00:00.000Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s)
    },
    { error: 'This date does not exist.' },
  )

/** An optional date filter from a query string: blank means not given. */
export const optionalIsoDate = z.preprocess(blankToUndefined, isoDateSchema.optional())

/** An optional enum filter from a query string (e.g. an order's status): blank means not given. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }).optional(),
  )
}

/** An optional id filter from a query string (e.g. one buyer's orders): blank means not given. */
export function optionalUuid(label: string) {
  return z.preprocess(blankToUndefined, z.uuid({ error: `${label} must be an id.` }).optional())
}

export interface ListQueryOptions<
  Sortable extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
> {
  /** Columns the client may sort by (public names; the server maps them to columns). */
  sortable: Sortable
  defaultSort: Sortable[number]
  defaultOrder?: SortOrder
  /** The table's own filters; build them with optionalIsoDate / optionalChoice so blanks are ignored. */
  filters?: Filters
}

/**
 * The query schema of one staff list: `page` (≥ 1, default 1), `pageSize` (1-100, default 25),
 * `sort` (one of `sortable`), `order` (asc | desc), `q` (search text, trimmed, ≤ 200; blank = none),
 * plus the table's own filters. Unknown parameters are dropped, not refused, so the web app may keep
 * view-only state (visible columns) in the same URL.
 */
export function listQuerySchema<
  const Sortable extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: ListQueryOptions<Sortable, Filters>) {
  const base = {
    page: z.preprocess(wholeNumberText, wholeNumber('Page', 1).default(1)),
    pageSize: z.preprocess(
      wholeNumberText,
      wholeNumber('Page size', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(options.sortable, { error: `Sort by one of: ${options.sortable.join(', ')}.` })
        .default(options.defaultSort as never),
    ),
    order: z.preprocess(
      blankToUndefined,
      z.enum(SORT_ORDERS, { error: 'Order must be asc or desc.' }).default(options.defaultOrder ?? 'asc'),
    ),
    q: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Search must be text.' })
        .trim()
        .max(MAX_SEARCH_LENGTH, { error: `Search can be at most ${MAX_SEARCH_LENGTH} characters.` })
        .optional(),
    ),
  }
  return z.object({ ...base, ...(options.filters as Filters) })
}

/** What every list query has, whatever the table: what the server helpers take. */
export interface ListQuery<Sort extends string = string> {
  page: number
  pageSize: number
  sort: Sort
  order: SortOrder
  q?: string | undefined
}

/** An opaque keyset cursor: URL-safe text the server made (base64url); blank means "from the start". */
export const cursorSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'The cursor must be text.' })
    .max(1000, { error: 'This cursor is not one this list gave out.' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This cursor is not one this list gave out.' })
    .optional(),
)

/**
 * The paging half of a list read by keyset instead of page number (lists that can grow without bound,
 * read as the user scrolls): `pageSize` (1-100, default `defaultPageSize`) and `cursor` (the previous
 * answer's `nextCursor`; absent for the first page). Sorting is the list's own `sort`/`order`.
 */
export function cursorPagingFields(defaultPageSize = MAX_PAGE_SIZE) {
  return {
    pageSize: z.preprocess(
      wholeNumberText,
      wholeNumber('Page size', 1, MAX_PAGE_SIZE).default(defaultPageSize),
    ),
    cursor: cursorSchema,
  }
}

/** What a keyset page answers beside its items: where the next page starts (null: this was the last). */
export const cursorPageFields = {
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  nextCursor: z.string().nullable(),
}

/** The envelope every list endpoint answers with. `totalPages` is 0 when nothing matches. */
export function listResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  })
}

export interface ListResponse<Item> {
  items: Item[]
  page: number
  pageSize: number
  total: number
  totalPages: number
}

// The list shape's limits and sort orders, apart from its schemas so that the web's URL state (the
// shop's first load among its users) reads them without zod (decision 0096).
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_SEARCH_LENGTH = 200
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

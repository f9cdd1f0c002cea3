// The catalogue's sort keys and first page, apart from its schemas so that the shop page reads them without zod
// (decision 0096).
export const CATALOGUE_SORTS = ['newest', 'price', 'name'] as const

/** The query of the shop's first page, /shop without parameters: the web's default grid state. */
export const CATALOGUE_FIRST_PAGE = { sort: 'newest', order: 'desc', page: 1, pageSize: 24 } as const

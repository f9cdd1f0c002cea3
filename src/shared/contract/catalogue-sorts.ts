// The catalogue's sort keys, apart from its schemas so that the shop page reads them without zod
// (decision 0096).
export const CATALOGUE_SORTS = ['newest', 'price', 'name'] as const

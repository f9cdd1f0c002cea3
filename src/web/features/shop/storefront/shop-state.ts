import { CATALOGUE_FIRST_PAGE, CATALOGUE_SORTS } from '../../../../shared/contract/shop/catalogue-sorts'
import type { TableStateConfig } from '../../../lib/url-state'

// The shop grid's state in the URL: the same parameters GET /api/shop/products takes.

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]
export const SHOP_GRID: TableStateConfig<CatalogueSort, 'type'> = {
  sortable: CATALOGUE_SORTS,
  defaultSort: CATALOGUE_FIRST_PAGE.sort,
  defaultOrder: CATALOGUE_FIRST_PAGE.order,
  filters: ['type'],
  // Fills rows of 2, 3 and 4 cards.
  defaultPageSize: CATALOGUE_FIRST_PAGE.pageSize,
}

/** The sort menu's choices: one value per key and direction. */
export const SORT_CHOICES = [
  { value: 'newest:desc', label: 'Newest first' },
  { value: 'price:asc', label: 'Price: low to high' },
  { value: 'price:desc', label: 'Price: high to low' },
  { value: 'name:asc', label: 'Name: A to Z' },
] as const

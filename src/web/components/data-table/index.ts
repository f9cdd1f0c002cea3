// The reusable data table of every staff list (product.md §6). A table needs:
//   const THINGS: TableStateConfig<Sort, Filter> = { sortable, defaultSort, defaultOrder, filters }
//   const state = useTableState(THINGS)
//   const result = useListQuery({ queryKey, endpoint, schema, query: state.query })
//   <DataTable label columns state result getRowId empty filters exportHref bulkActions />
// A staff page that is one such table (heading, access answer, export) is <TablePage title access …/>.
export type { ColumnDef } from '@tanstack/react-table'
export { DataTable, type DataTableProps } from './data-table'
export {
  DataTableDateRangeFilter,
  type DataTableDateRangeFilterProps,
  DataTableSelectFilter,
  type DataTableSelectFilterProps,
  type FilterOption,
} from './data-table-filters'
export type { DataTableEmpty } from './data-table-states'
export { TablePage, type TablePageProps } from './table-page'
export { type ListQueryOptions, useListQuery } from './use-list-query'
export { type TableStateController, useTableState } from './use-table-state'

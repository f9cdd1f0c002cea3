import { useId } from 'react'
import { DataTableSearch } from '../../../components/data-table/data-table-search'
import type { TableStateController } from '../../../components/data-table/use-table-state'
import { Select } from '../../../components/ui/select'
import { useProductTypes } from '../shop-api'
import { type CatalogueSort, SORT_CHOICES } from './shop-state'

/** The catalogue's search box, type filter and sort menu, read from and written to the URL. */
export function ShopFilters({ state }: { state: TableStateController<CatalogueSort, 'type'> }) {
  const types = useProductTypes()
  const typeId = useId()
  const sortId = useId()
  const sortValue = `${state.state.sort}:${state.state.order}`
  return (
    <search className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <DataTableSearch
          value={state.state.q}
          onChange={(q) => state.update({ q }, { replace: true })}
          label="Search products"
          placeholder="Search names and descriptions"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="text-sm font-medium text-fg">
          Type
        </label>
        <Select
          id={typeId}
          value={state.state.filters.type ?? ''}
          onChange={(e) => state.update({ filters: { type: e.target.value } })}
        >
          <option value="">All types</option>
          {(types.data?.types ?? []).map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
          {state.state.filters.type && !types.data?.types.includes(state.state.filters.type) && (
            <option value={state.state.filters.type}>{state.state.filters.type}</option>
          )}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sortId} className="text-sm font-medium text-fg">
          Sort by
        </label>
        <Select
          id={sortId}
          value={sortValue}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [CatalogueSort, 'asc' | 'desc']
            state.update({ sort, order })
          }}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
          {!SORT_CHOICES.some((c) => c.value === sortValue) && (
            <option value={sortValue}>Custom order</option>
          )}
        </Select>
      </div>
    </search>
  )
}

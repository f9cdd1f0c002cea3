import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  clearFiltersPatch,
  isFiltered,
  listQueryParams,
  readTableState,
  type TableState,
  type TableStateConfig,
  type TableStatePatch,
  updateTableParams,
} from '../../lib/url-state'

/** A table's URL state and the ways to change it; pass it to DataTable and to the filter controls. */
export interface TableStateController<Sort extends string = string, Filter extends string = string> {
  config: TableStateConfig<Sort, Filter>
  state: TableState<Sort, Filter>
  /** The list request's query parameters (page, pageSize, sort, order, q and the filters). */
  query: Record<string, string | number>
  /** Whether a search or filter narrows the rows. */
  filtered: boolean
  /**
   * Changes the state. Each change is a history entry (back undoes it) unless `replace` is set, which
   * the search box and column choices use so typing does not fill the history.
   */
  update(patch: TableStatePatch<Sort, Filter>, options?: { replace?: boolean }): void
  clearFilters(): void
}

/**
 * The state of the table on this page, in the URL's query string (src/web/lib/url-state.ts): reload,
 * back and forward restore it, and a copied link opens the same view. `config` must be a constant.
 */
export function useTableState<Sort extends string, Filter extends string>(
  config: TableStateConfig<Sort, Filter>,
): TableStateController<Sort, Filter> {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => readTableState(params, config), [params, config])
  const update = useCallback(
    (patch: TableStatePatch<Sort, Filter>, options: { replace?: boolean } = {}) => {
      // Keep the scroll position: the table is changing, not the page.
      setParams((current) => updateTableParams(current, config, patch), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      })
    },
    [setParams, config],
  )
  return useMemo(
    () => ({
      config,
      state,
      query: listQueryParams(state),
      filtered: isFiltered(state),
      update,
      clearFilters: () => update(clearFiltersPatch(config)),
    }),
    [config, state, update],
  )
}

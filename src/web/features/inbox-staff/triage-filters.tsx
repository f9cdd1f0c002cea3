import {
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  type FilterOption,
  type TableStateController,
} from '../../components/data-table'
import type { TriageFilter } from './triage-tables'

/** Every triage table filters by status and by the day the entry arrived. */
export function TriageFilters<Sort extends string>({
  state,
  statusOptions,
  dateLabel = 'Received',
}: {
  state: TableStateController<Sort, TriageFilter>
  statusOptions: readonly FilterOption[]
  dateLabel?: string
}) {
  return (
    <>
      <DataTableSelectFilter
        state={state}
        name="status"
        label="Status"
        allLabel="All statuses"
        options={statusOptions}
      />
      <DataTableDateRangeFilter state={state} from="from" to="to" label={dateLabel} />
    </>
  )
}

import {
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  type FilterOption,
  type TableStateController,
} from '../../components/data-table'
import { ASSIGNED_OPTIONS, type TriageFilter } from './triage-tables'

/** Every triage table filters by status and by the day the entry arrived; quotes and contacts also by assignee. */
export function TriageFilters<Sort extends string>({
  state,
  statusOptions,
  dateLabel = 'Received',
  assignable = false,
}: {
  state: TableStateController<Sort, TriageFilter>
  statusOptions: readonly FilterOption[]
  dateLabel?: string
  /** Offer the "Assigned" filter (quotes and contacts). */
  assignable?: boolean
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
      {assignable && (
        <DataTableSelectFilter
          state={state}
          name="assigned"
          label="Assigned"
          allLabel="Anyone or nobody"
          options={ASSIGNED_OPTIONS}
        />
      )}
      <DataTableDateRangeFilter state={state} from="from" to="to" label={dateLabel} />
    </>
  )
}

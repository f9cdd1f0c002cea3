import { useId } from 'react'
import { Input } from '../ui/input'
import { Select } from '../ui/select'
import { isCommittableDate } from './filter-values'
import { useDraftValue } from './use-draft-value'
import type { TableStateController } from './use-table-state'

// Ready-made filter controls for DataTable's `filters` slot. Each reads and writes one or two of the
// table's filter parameters; a table with an unusual filter can pass its own control instead.

export interface FilterOption {
  value: string
  label: string
}

export interface DataTableSelectFilterProps<Sort extends string, Filter extends string> {
  state: TableStateController<Sort, Filter>
  /** The filter parameter, e.g. `status`. */
  name: Filter
  label: string
  options: readonly FilterOption[]
  /** What "no filter" is called: "All statuses". */
  allLabel?: string
}

/** A choice among fixed values; the first option means "no filter". */
export function DataTableSelectFilter<Sort extends string, Filter extends string>({
  state,
  name,
  label,
  options,
  allLabel = 'All',
}: DataTableSelectFilterProps<Sort, Filter>) {
  const id = useId()
  const value = state.state.filters[name] ?? ''
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <Select
        id={id}
        className="w-40"
        value={value}
        onChange={(event) =>
          state.update({ filters: { [name]: event.target.value } as Partial<Record<Filter, string>> })
        }
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {value !== '' && !options.some((option) => option.value === value) && (
          // A value from an edited link: shown as it is, so the user sees why nothing matches.
          <option value={value}>{value}</option>
        )}
      </Select>
    </div>
  )
}

export interface DataTableDateRangeFilterProps<Sort extends string, Filter extends string> {
  state: TableStateController<Sort, Filter>
  /** The parameters of the first and last day, e.g. `from` and `to` (`YYYY-MM-DD`, both included). */
  from: Filter
  to: Filter
  label: string
}

/** A range of calendar days (either end may be open), with the browser's date pickers. */
export function DataTableDateRangeFilter<Sort extends string, Filter extends string>({
  state,
  from,
  to,
  label,
}: DataTableDateRangeFilterProps<Sort, Filter>) {
  const fromValue = state.state.filters[from] ?? ''
  const toValue = state.state.filters[to] ?? ''
  const set = (name: Filter, value: string) =>
    state.update({ filters: { [name]: value } as Partial<Record<Filter, string>> })
  return (
    <fieldset className="flex flex-col">
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      <div className="flex items-center gap-2">
        <DateInput label={`${label} from`} value={fromValue} max={toValue} onCommit={(v) => set(from, v)} />
        <span aria-hidden="true" className="text-fg-muted">
          –
        </span>
        <DateInput label={`${label} to`} value={toValue} min={fromValue} onCommit={(v) => set(to, v)} />
      </div>
    </fieldset>
  )
}

function DateInput({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string
  value: string
  min?: string
  max?: string
  onCommit: (value: string) => void
}) {
  const { draft, setDraft, markCommitted } = useDraftValue(value)
  return (
    <Input
      type="date"
      aria-label={label}
      className="w-40"
      value={draft}
      min={min || undefined}
      max={max || undefined}
      onChange={(event) => {
        const text = event.target.value
        setDraft(text)
        if (text !== value && isCommittableDate(text)) {
          markCommitted(text)
          onCommit(text)
        }
      }}
    />
  )
}

import { type FormEvent, useId, useState } from 'react'
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DashboardQuery,
} from '../../../shared/contract/dashboard'
import { FormField } from '../../components/forms/field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { cn } from '../../lib/cn'
import { checkCustomRange, PERIOD_LABELS } from './dashboard-period'

// The period the dashboard shows: today, 7 days, 30 days, 12 months, or a custom range of two days
// (each checked, with a message beside the field). Radio buttons that wrap on a phone; the choice goes
// to the URL through `onChange`.

type RangeErrors = Partial<Record<'from' | 'to', string>>

export interface PeriodPickerProps {
  period: DashboardPeriod
  /** The custom range's days as the URL or the last answer has them. */
  from: string
  to: string
  /** Messages for a custom range the URL carried that does not hold. */
  errors?: RangeErrors
  onChange: (query: DashboardQuery) => void
}

export function PeriodPicker({ period, from, to, errors: urlErrors, onChange }: PeriodPickerProps) {
  const name = useId()
  // The choice shows at once; the URL (and with it this picker, keyed by it) follows.
  const [chosen, setChosen] = useState(period)
  const [draft, setDraft] = useState({ from, to })
  const [errors, setErrors] = useState<RangeErrors>(urlErrors ?? {})
  const selected = chosen

  const choose = (next: DashboardPeriod) => {
    setChosen(next)
    if (next === 'custom') return
    setErrors({})
    onChange({ period: next })
  }
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkCustomRange(draft.from, draft.to)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    onChange(checked.query)
  }

  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-fg">Period</legend>
        <div className="flex flex-wrap gap-1 rounded-lg border border-border-strong bg-surface-muted p-1">
          {DASHBOARD_PERIODS.map((value) => (
            <label
              key={value}
              className={cn(
                'relative flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                selected === value ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
              )}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={selected === value}
                onChange={() => choose(value)}
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
              />
              {PERIOD_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {selected === 'custom' && (
        <form
          noValidate
          onSubmit={apply}
          aria-label="Custom range"
          className="flex flex-wrap items-start gap-3"
        >
          <FormField label="From" error={errors.from} className="w-44">
            <Input
              type="date"
              name="from"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
            />
          </FormField>
          <FormField label="To" error={errors.to} className="w-44">
            <Input
              type="date"
              name="to"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
            />
          </FormField>
          <Button type="submit" variant="secondary" className="mt-7">
            Show this range
          </Button>
        </form>
      )}
    </div>
  )
}

import { useId } from 'react'
import { cn } from '../../lib/cn'

export interface SegmentedOption<V extends string> {
  value: V
  label: string
}

export interface SegmentedControlProps<V extends string> {
  /** The group's name, read out before the options. */
  legend: string
  /** The form field name, so the choice is submitted with the form. */
  name: string
  options: readonly SegmentedOption<V>[]
  value: V
  onChange: (value: V) => void
  /** Show the legend above the options (hidden but still announced otherwise). */
  showLegend?: boolean
  className?: string
}

/**
 * A choice between a few options shown side by side. Native radio buttons underneath: arrow keys move
 * the choice, the group is one tab stop, and screen readers announce "n of m".
 */
export function SegmentedControl<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  showLegend = true,
  className,
}: SegmentedControlProps<V>) {
  const id = useId()
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className={cn('mb-1.5 text-sm font-medium text-fg', !showLegend && 'sr-only')}>{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg border border-border-strong bg-surface-muted p-1">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`
          const checked = option.value === value
          return (
            <div key={option.value} className="relative">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                // Transparent over its label rather than visually hidden: a click or tap anywhere on the
                // segment lands on the radio itself, and the label shows its state and focus.
                className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
              />
              <label
                htmlFor={optionId}
                className={cn(
                  'flex h-9 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium transition-colors',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                  checked ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
                )}
              >
                {option.label}
              </label>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

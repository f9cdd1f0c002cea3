import { useId } from 'react'
import { STAFF_FUNCTIONS, type StaffFunction } from '../../../shared/enums'
import { Checkbox } from '../../components/ui/checkbox'
import { STAFF_FUNCTION_HINTS, STAFF_FUNCTION_LABELS } from './user-labels'

/**
 * The staff functions as one checkbox each, with its hint, and the field's message below them. Shared
 * by the invitation form and a user's access form.
 */
export function StaffFunctionsFieldset({
  chosen,
  onToggle,
  disabled,
  error,
}: {
  chosen: readonly StaffFunction[]
  onToggle: (fn: StaffFunction, on: boolean) => void
  disabled?: boolean
  error?: string | undefined
}) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-fg">Staff functions</legend>
      {STAFF_FUNCTIONS.map((fn) => (
        <div key={fn} className="flex items-start gap-3">
          <Checkbox
            id={`${id}-${fn}`}
            className="mt-0.5"
            checked={chosen.includes(fn)}
            disabled={disabled}
            aria-describedby={`${id}-${fn}-hint`}
            onChange={(event) => onToggle(fn, event.target.checked)}
          />
          <div className="flex flex-col">
            <label htmlFor={`${id}-${fn}`} className="text-sm font-medium text-fg">
              {STAFF_FUNCTION_LABELS[fn]}
            </label>
            <span id={`${id}-${fn}-hint`} className="text-sm text-fg-muted">
              {STAFF_FUNCTION_HINTS[fn]}
            </span>
          </div>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </fieldset>
  )
}

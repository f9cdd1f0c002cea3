import { createContext, useContext } from 'react'

/** What a FormField tells the control inside it, so label, hint and error are wired up automatically. */
export interface FormFieldControl {
  id: string
  describedBy: string | undefined
  invalid: boolean
  required: boolean
}

export const FormFieldContext = createContext<FormFieldControl | null>(null)

interface ControlProps {
  id?: string | undefined
  'aria-describedby'?: string | undefined
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined
  required?: boolean | undefined
}

/**
 * Merges the enclosing FormField's wiring into a control's props. The field's id wins, since the
 * label points at it: give a specific id to the FormField (`<FormField id="email">`), not the control.
 */
export function useFormFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FormFieldContext)
  if (!field) return props
  if (import.meta.env.DEV && props.id !== undefined && props.id !== field.id) {
    console.warn(
      `A control inside a FormField has its own id "${props.id}"; set it on the FormField instead.`,
    )
  }
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined
  return {
    ...props,
    id: field.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
  }
}

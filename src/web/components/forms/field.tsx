import { CircleExclamationPoint } from 'lucide-react'
import { type ReactNode, useId, useMemo } from 'react'
import { cn } from '../../lib/cn'
import { FormFieldContext, type FormFieldControl } from './field-context'

export interface FormFieldProps {
  label: ReactNode
  /** The control: an Input, Select or Textarea (they pick up id, aria-describedby and aria-invalid). */
  children: ReactNode
  hint?: ReactNode
  /** The message to show; its presence marks the control invalid. */
  error?: string | undefined
  required?: boolean
  /** Reuse an existing id for the control; one is generated otherwise. */
  id?: string
  className?: string
}

export function FormField({ label, children, hint, error, required = false, id, className }: FormFieldProps) {
  const generated = useId()
  const controlId = id ?? `${generated}-control`
  const hintId = hint ? `${generated}-hint` : undefined
  const errorId = error ? `${generated}-error` : undefined
  const control = useMemo<FormFieldControl>(
    () => ({
      id: controlId,
      describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
      invalid: Boolean(error),
      required,
    }),
    [controlId, errorId, hintId, error, required],
  )

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-fg">
        {label}
        {required && (
          <span className="ml-0.5 text-danger-text" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <FormFieldContext value={control}>{children}</FormFieldContext>
      {hint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger-text">
          <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  )
}

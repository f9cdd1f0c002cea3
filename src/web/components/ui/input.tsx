import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { useFormFieldControl } from '../forms/field-context'

/** Shared by every text-like control so they line up and fail the same way. */
export const controlClasses = cn(
  'w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg shadow-sm',
  'placeholder:text-fg-muted disabled:cursor-not-allowed disabled:opacity-60',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
)

export type InputProps = ComponentProps<'input'>

export function Input({ className, ...props }: InputProps) {
  const wired = useFormFieldControl(props)
  return <input className={cn(controlClasses, 'h-10', className)} {...wired} />
}

import { type ComponentProps, useEffect, useRef } from 'react'
import { cn } from '../../lib/cn'

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The "some but not all" look of a select-all box; still announced as not checked. */
  indeterminate?: boolean
}

/** A native checkbox (keyboard, forms and screen readers for free) in the theme's colours. */
export function Checkbox({ indeterminate = false, className, ref, ...props }: CheckboxProps) {
  const inner = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    // `indeterminate` exists only as a DOM property, not as an attribute React could render.
    if (inner.current) inner.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      type="checkbox"
      ref={(node) => {
        inner.current = node
        if (typeof ref === 'function') ref(node)
        else if (ref) ref.current = node
      }}
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-border-strong accent-accent',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  )
}

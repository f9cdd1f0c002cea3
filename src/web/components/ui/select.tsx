import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { useFormFieldControl } from '../forms/field-context'
import { controlClasses } from './input'

export type SelectProps = ComponentProps<'select'>

/** A native select (the most accessible one there is, and right on phones), styled like the inputs. */
export function Select({ className, children, ...props }: SelectProps) {
  const wired = useFormFieldControl(props)
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClasses, 'h-10 appearance-none pr-9')} {...wired}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
      />
    </div>
  )
}

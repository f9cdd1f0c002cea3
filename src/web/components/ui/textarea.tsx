import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { useFormFieldControl } from '../forms/field-context'
import { controlClasses } from './input'

export type TextareaProps = ComponentProps<'textarea'>

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const wired = useFormFieldControl(props)
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-20 py-2', className)} {...wired} />
}

import { LoaderCircle } from 'lucide-react'
import { cn } from '../../lib/cn'

export interface SpinnerProps {
  /** Announced to screen readers; without it the spinner is decorative (e.g. inside a busy button). */
  label?: string
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('animate-spin', SIZES[size], className)} />
  if (!label) return icon
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  )
}

import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/**
 * A grey placeholder where content is loading. Decorative: the region that is loading should carry
 * `aria-busy` and, if the wait is noticeable, a Spinner with a label.
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('motion-safe:animate-pulse rounded-md bg-surface-muted', className)}
      {...props}
    />
  )
}

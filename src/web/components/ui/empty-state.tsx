import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export interface EmptyStateProps {
  title: ReactNode
  description?: ReactNode
  icon?: LucideIcon
  /** What the user can do about it: a button or link. */
  action?: ReactNode
  /** `danger` for "this failed" rather than "there is nothing here". */
  tone?: 'default' | 'danger'
  /** Heading level of the title, to fit the page's outline. */
  headingLevel?: 'h1' | 'h2' | 'h3'
  className?: string
}

/** "Nothing here (yet)", with what to do next. */
export function EmptyState({
  title,
  description,
  icon: Icon,
  action,
  tone = 'default',
  headingLevel: Heading = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong/60 px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <span
          className={cn(
            'flex size-12 items-center justify-center rounded-full',
            tone === 'danger' ? 'bg-danger-soft text-danger-soft-fg' : 'bg-accent-soft text-accent-soft-fg',
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <Heading className="text-lg font-semibold text-fg">{title}</Heading>
      {description && <p className="max-w-md text-sm text-fg-muted">{description}</p>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  )
}

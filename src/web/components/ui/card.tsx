import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A bordered panel that groups one task or one set of facts. */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6',
        className,
      )}
      {...props}
    />
  )
}

export interface CardHeaderProps {
  title: ReactNode
  description?: ReactNode
  /** Heading level, to fit the page's outline (h2 under the page's h1 by default). */
  headingLevel?: 'h1' | 'h2' | 'h3'
  /** An id for the heading, so the card can be labelled by it (`aria-labelledby`). */
  id?: string
  /** Something to show on the heading's right, such as a status badge. */
  aside?: ReactNode
}

export function CardHeader({ title, description, headingLevel: Heading = 'h2', id, aside }: CardHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <Heading id={id} className={cn('font-semibold text-fg', Heading === 'h1' ? 'text-2xl' : 'text-lg')}>
          {title}
        </Heading>
        {description && <p className="text-sm text-fg-muted">{description}</p>}
      </div>
      {aside}
    </div>
  )
}

/** The row of actions at the bottom of a card. */
export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-center gap-3', className)} {...props} />
}

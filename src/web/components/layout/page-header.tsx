import type { ReactNode } from 'react'

/** A page's title (its one h1) and a line about it. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight text-fg [overflow-wrap:anywhere]">{title}</h1>
      {description && <p className="max-w-2xl text-fg-muted">{description}</p>}
    </div>
  )
}

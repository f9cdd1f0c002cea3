import type { LucideIcon } from 'lucide-react'
import { CircleAlert, FilterX, Inbox, RotateCw, SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { ApiError, errorMessage } from '../../lib/api-error'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'

// What a table shows instead of rows: nothing yet, nothing matching, a page past the end, a failure.

export interface DataTableEmpty {
  title: ReactNode
  description?: ReactNode
  icon?: LucideIcon
  action?: ReactNode
}

/** The list has no rows at all. */
export function NothingYet({ empty }: { empty: DataTableEmpty }) {
  return (
    <EmptyState
      icon={empty.icon ?? Inbox}
      title={empty.title}
      description={empty.description}
      action={empty.action}
    />
  )
}

/** Rows exist, but none match the search and filters. */
export function NoMatches({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="No matches"
      description="Nothing matches your search and filters. Try other words, or clear the filters to see everything."
      action={
        <Button variant="secondary" onClick={onClearFilters}>
          <FilterX aria-hidden="true" />
          Clear filters
        </Button>
      }
    />
  )
}

/** A page number past the end (an old link, or rows deleted since). */
export function PastTheEnd({ total, onFirstPage }: { total: number; onFirstPage: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="This page is empty"
      description={`The list has ${total} ${total === 1 ? 'row' : 'rows'}, and they are on earlier pages.`}
      action={<Button onClick={onFirstPage}>Go to the first page</Button>}
    />
  )
}

/** Why a list failed: a refused filter names the field's problem ("This date does not exist."). */
export function listErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = Object.values(error.fieldErrors).flat()
    if (messages.length > 0) return messages.join(' ')
  }
  return errorMessage(error)
}

/** The list could not be loaded: what happened, and try again (or clear filters the server refused). */
export function LoadFailed({
  label,
  error,
  onRetry,
  retrying,
  onClearFilters,
}: {
  label: string
  error: unknown
  onRetry: () => void
  retrying: boolean
  onClearFilters?: (() => void) | undefined
}) {
  return (
    <EmptyState
      tone="danger"
      icon={CircleAlert}
      title={`Could not load ${label.toLowerCase()}`}
      description={listErrorMessage(error)}
      action={
        <>
          <Button onClick={onRetry} loading={retrying}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
          {onClearFilters && (
            <Button variant="secondary" onClick={onClearFilters}>
              <FilterX aria-hidden="true" />
              Clear filters
            </Button>
          )}
        </>
      }
    />
  )
}

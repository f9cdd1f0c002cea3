import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { PAGE_SIZE_OPTIONS } from '../../lib/url-state'
import { Button } from '../ui/button'
import { Select } from '../ui/select'
import { pageSizeChoices, pageSummary } from './page-summary'

export interface DataTablePaginationProps {
  page: number
  pageSize: number
  total: number
  totalPages: number
  onPageChange: (page: number) => void
  onPageSizeChange: (pageSize: number) => void
}

/** "Showing 26–50 of 132", rows per page, and first / previous / next / last. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  totalPages,
  onPageChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  const sizeId = useId()
  const { first, last } = pageSummary(page, pageSize, total)
  const lastPage = Math.max(totalPages, 1)
  const atStart = page <= 1
  const atEnd = page >= lastPage
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
      <p className="text-sm text-fg-muted tabular-nums">
        {first === 0 ? (
          'No rows on this page'
        ) : (
          <>
            Showing <span className="font-medium text-fg">{first === last ? first : `${first}–${last}`}</span>{' '}
            of <span className="font-medium text-fg">{total}</span>
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm text-fg-muted">
            Rows per page
          </label>
          <Select
            id={sizeId}
            className="w-20"
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizeChoices(PAGE_SIZE_OPTIONS, pageSize).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </div>
        <p className="text-sm text-fg-muted tabular-nums">
          Page {page} of {lastPage}
        </p>
        <div className="flex items-center gap-1">
          <PageButton label="First page" unavailable={atStart} onClick={() => onPageChange(1)}>
            <ChevronsLeft aria-hidden="true" />
          </PageButton>
          {/* From a page past the end (an old link), "previous" steps back to the last real page. */}
          <PageButton
            label="Previous page"
            unavailable={atStart}
            onClick={() => onPageChange(Math.min(page - 1, lastPage))}
          >
            <ChevronLeft aria-hidden="true" />
          </PageButton>
          <PageButton label="Next page" unavailable={atEnd} onClick={() => onPageChange(page + 1)}>
            <ChevronRight aria-hidden="true" />
          </PageButton>
          <PageButton label="Last page" unavailable={atEnd} onClick={() => onPageChange(lastPage)}>
            <ChevronsRight aria-hidden="true" />
          </PageButton>
        </div>
      </div>
    </nav>
  )
}

/**
 * aria-disabled rather than disabled: pressing "Next" onto the last page must not drop keyboard focus
 * to the top of the document, which a button turning `disabled` under the focus does.
 */
function PageButton({
  label,
  unavailable,
  onClick,
  children,
}: {
  label: string
  unavailable: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      variant="secondary"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onClick()
      }}
    >
      {children}
    </Button>
  )
}

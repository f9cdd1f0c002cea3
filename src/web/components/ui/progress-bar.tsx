import { cn } from '../../lib/cn'

export interface ProgressBarProps {
  /** Progress so far, 0..max; undefined while the total is unknown (an indeterminate bar). */
  value: number | undefined
  max?: number
  /** The accessible name, e.g. "Uploading report.pdf". Shown above the bar unless `hideLabel`. */
  label: string
  hideLabel?: boolean
  /** A friendlier reading than the percentage, e.g. "3 of 10 files" or "12 MB of 40 MB". */
  valueText?: string
  className?: string
}

export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  valueText,
  className,
}: ProgressBarProps) {
  const known = value !== undefined && max > 0
  const clamped = known ? Math.min(Math.max(value, 0), max) : 0
  const percent = known ? Math.round((clamped / max) * 100) : undefined
  const shown = valueText ?? (percent !== undefined ? `${percent}%` : undefined)

  return (
    <div className={cn('flex w-full flex-col gap-1.5', className)}>
      {!hideLabel && (
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="truncate font-medium text-fg">{label}</span>
          {shown && <span className="shrink-0 text-fg-muted tabular-nums">{shown}</span>}
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={known ? clamped : undefined}
        aria-valuetext={known ? shown : undefined}
        className="relative h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-accent transition-[width] duration-300',
            !known && 'w-1/3 motion-safe:animate-pulse',
          )}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  )
}

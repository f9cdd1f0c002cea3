import { cn } from '../../lib/cn'

/** The key to a chart's series: a swatch (or a line) and the series' name, in words. */
export function ChartLegend({ items }: { items: { label: string; swatch: string; line?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn('inline-block', item.line ? 'h-0.5 w-4' : 'size-3 rounded-sm', item.swatch)}
          />
          {item.label}
        </li>
      ))}
    </ul>
  )
}

import { Download } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '../../components/ui/button'
import { type ChartTable, csvFileName, downloadCsv, isEmptyTable, tableCsv } from './chart-table'

// Every chart on the dashboard sits in one frame: a figure with its caption, the chart (or what to say
// when there is nothing to draw), its numbers as a table behind a disclosure, and a CSV download of them.

export interface ChartFrameProps {
  title: string
  table: ChartTable
  range: { from: string; to: string }
  /** Said instead of an empty chart: "No orders in this period". */
  emptyText: string
  /** The chart itself, drawn only when there is something to draw. */
  children: ReactNode
  /** A line under the caption: a legend, say. */
  legend?: ReactNode
}

export function ChartFrame({ title, table, range, emptyText, children, legend }: ChartFrameProps) {
  const captionId = useId()
  const empty = isEmptyTable(table)
  return (
    <figure
      aria-labelledby={captionId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm"
    >
      <figcaption id={captionId} className="font-semibold text-fg">
        {title}
      </figcaption>
      {empty ? (
        <p className="rounded-md bg-surface-muted px-4 py-10 text-center text-sm text-fg-muted">
          {emptyText}
        </p>
      ) : (
        <>
          {legend}
          {children}
          <details className="group text-sm">
            <summary className="cursor-pointer rounded-md py-1 font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              Show the numbers<span className="sr-only"> of {title}</span>
            </summary>
            <ChartDataTable title={title} table={table} />
          </details>
        </>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(csvFileName(title, range), tableCsv(table))}
        >
          <Download aria-hidden="true" />
          Download CSV<span className="sr-only"> of {title}</span>
        </Button>
      </div>
    </figure>
  )
}

/** The chart's numbers, as the screen shows them. */
export function ChartDataTable({ title, table }: { title: string; table: ChartTable }) {
  return (
    <section
      aria-label={`${title}: the numbers`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls inside this box, and keyboards must reach it.
      tabIndex={0}
      className="mt-2 max-w-full overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-surface-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-fg-muted">
              {table.rowHeader}
            </th>
            {table.columns.map((c) => (
              <th key={c.label} scope="col" className="px-3 py-2 text-right font-semibold text-fg-muted">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal text-fg [overflow-wrap:anywhere]">
                {row.label}
              </th>
              {row.values.map((v, i) => (
                <td key={table.columns[i]?.label ?? i} className="px-3 py-2 text-right tabular-nums text-fg">
                  {table.columns[i]?.format(v) ?? v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import type { DashboardBucket } from '../../../shared/contract/dashboard'
import type { ChartTable } from './chart-table'
import { AXIS_CLASSES, SERIES_FILL } from './chart-theme'
import { bucketTick } from './dashboard-format'
import { useChartWidth } from './use-chart-width'

// A series over the period's buckets: one or two columns as bars side by side on the left axis, and
// optionally one more as a line on its own right axis (revenue in bars, orders as a line).

export interface TimeChartProps {
  table: ChartTable
  /** The columns drawn as bars (at most two), sharing the left axis. */
  bars: number[]
  /** A column drawn as a line, on the right axis. */
  line?: number
  bucket: DashboardBucket
  /** The chart's accessible name: what it shows and its headline numbers. */
  label: string
}

const HEIGHT = 240

export function TimeChart({ table, bars, line, bucket, label }: TimeChartProps) {
  const { ref, width } = useChartWidth<HTMLDivElement>()
  const margin = { top: 12, right: line === undefined ? 12 : 44, bottom: 30, left: 56 }
  const innerWidth = Math.max(10, width - margin.left - margin.right)
  const innerHeight = HEIGHT - margin.top - margin.bottom
  const keys = table.rows.map((r) => r.csv)
  const x = scaleBand({ domain: keys, range: [0, innerWidth], padding: 0.2 })
  const group = scaleBand({ domain: bars.map(String), range: [0, x.bandwidth()], padding: 0.08 })
  const barMax = Math.max(1, ...table.rows.flatMap((r) => bars.map((b) => r.values[b] ?? 0)))
  const y = scaleLinear({ domain: [0, barMax], range: [innerHeight, 0], nice: true })
  const lineMax = line === undefined ? 1 : Math.max(1, ...table.rows.map((r) => r.values[line] ?? 0))
  const yLine = scaleLinear({ domain: [0, lineMax], range: [innerHeight, 0], nice: true })
  // Enough room between tick labels: every nth bucket is labelled.
  const every = Math.max(1, Math.ceil(keys.length / Math.max(1, Math.floor(innerWidth / 64))))
  const tickKeys = keys.filter((_, i) => i % every === 0)
  const barColumn = table.columns[bars[0] ?? 0]
  const lineColumn = line === undefined ? undefined : table.columns[line]
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2

  return (
    <div ref={ref} className="w-full min-w-0">
      <svg role="img" aria-label={label} width={width} height={HEIGHT} className="block">
        <Group left={margin.left} top={margin.top}>
          {table.rows.map((row) =>
            bars.map((column, i) => {
              const value = row.values[column] ?? 0
              const top = y(value)
              return (
                <Bar
                  key={`${row.key}-${column}`}
                  x={(x(row.csv) ?? 0) + (group(String(column)) ?? 0)}
                  y={top}
                  width={group.bandwidth()}
                  height={Math.max(0, innerHeight - top)}
                  className={SERIES_FILL[i % SERIES_FILL.length]}
                  rx={2}
                />
              )
            }),
          )}
          {line !== undefined && (
            <>
              <LinePath
                data={table.rows}
                x={(row) => centre(row.csv)}
                y={(row) => yLine(row.values[line] ?? 0)}
                className="fill-none stroke-fg"
                strokeWidth={2}
              />
              {table.rows.map((row) => (
                <circle
                  key={row.key}
                  cx={centre(row.csv)}
                  cy={yLine(row.values[line] ?? 0)}
                  r={3}
                  className="fill-fg"
                />
              ))}
            </>
          )}
          <g className={AXIS_CLASSES}>
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(v) => (barColumn?.tick ?? barColumn?.format ?? String)(Number(v))}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={tickKeys}
              tickFormat={(key) => bucketTick(String(key), bucket)}
            />
            {lineColumn && (
              <AxisRight
                left={innerWidth}
                scale={yLine}
                numTicks={4}
                tickFormat={(v) => (Number.isInteger(Number(v)) ? lineColumn.format(Number(v)) : '')}
              />
            )}
          </g>
        </Group>
      </svg>
    </div>
  )
}

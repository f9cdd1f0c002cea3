import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import type { ChartTable } from './chart-table'
import { useChartWidth } from './use-chart-width'

// A ranked list as horizontal bars, each row's name and value written above its bar so long names fit a
// phone (top products, orders by status, storage per customer). With `quota`, each bar is drawn inside
// an outline as long as that row's quota: used against allowed.

export interface BarListChartProps {
  table: ChartTable
  /** The column the bars measure. */
  value: number
  /** A column each bar is drawn against (the customer's quota). */
  quota?: number
  /** The chart's accessible name. */
  label: string
}

const ROW = 42
const BAR = 14
const CHAR = 7

function clip(text: string, room: number): string {
  const chars = Math.max(4, Math.floor(room / CHAR))
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text
}

export function BarListChart({ table, value, quota, label }: BarListChartProps) {
  const { ref, width } = useChartWidth<HTMLDivElement>()
  const height = table.rows.length * ROW + 4
  const widest = Math.max(
    1,
    ...table.rows.map((r) =>
      Math.max(r.values[value] ?? 0, quota === undefined ? 0 : (r.values[quota] ?? 0)),
    ),
  )
  const x = scaleLinear({ domain: [0, widest], range: [0, width - 2] })
  const column = table.columns[value]
  const quotaColumn = quota === undefined ? undefined : table.columns[quota]

  return (
    <div ref={ref} className="w-full min-w-0">
      <svg role="img" aria-label={label} width={width} height={height} className="block">
        {table.rows.map((row, i) => {
          const amount = row.values[value] ?? 0
          const allowed = quota === undefined ? undefined : (row.values[quota] ?? 0)
          const text =
            column?.format(amount) + (allowed === undefined ? '' : ` of ${quotaColumn?.format(allowed)}`)
          return (
            <Group key={row.key} top={i * ROW}>
              <text x={0} y={14} className="fill-fg text-[13px]">
                {clip(row.label, width - text.length * CHAR - 12)}
              </text>
              <text x={width - 1} y={14} textAnchor="end" className="fill-fg-muted text-[12px] tabular-nums">
                {text}
              </text>
              {allowed !== undefined && (
                <Bar
                  x={1}
                  y={20}
                  width={Math.max(1, x(allowed))}
                  height={BAR}
                  rx={3}
                  className="fill-surface-muted stroke-border-strong"
                />
              )}
              <Bar
                x={1}
                y={20}
                width={Math.max(amount > 0 ? 2 : 0, x(amount))}
                height={BAR}
                rx={3}
                className="fill-accent"
              />
            </Group>
          )
        })}
      </svg>
    </div>
  )
}

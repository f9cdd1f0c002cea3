import type { Dashboard, DashboardShop } from '../../../shared/contract/dashboard'
import { BarListChart } from './bar-list-chart'
import { ChartFrame } from './chart-frame'
import { ChartLegend } from './chart-legend'
import { bucketLabel, formatCount, moneyFormatter, rangeLabel } from './dashboard-format'
import {
  columnTotal,
  listSummary,
  peakRow,
  revenueTable,
  statusTable,
  topProductsTable,
} from './dashboard-tables'
import { KpiCards } from './kpi-cards'
import { TimeChart } from './time-chart'

// The shop's part of the dashboard: its figures, revenue and orders over time, the best-selling
// products and the orders by status.

export function ShopSection({ dashboard: d, shop }: { dashboard: Dashboard; shop: DashboardShop }) {
  const money = moneyFormatter(d.currency)
  const revenue = revenueTable(d, shop)
  const products = topProductsTable(d, shop)
  const statuses = statusTable(shop)
  const peak = peakRow(revenue, 0)
  const range = rangeLabel(d.range)
  const peakText = peak
    ? `; the most, ${money(peak.values[0] ?? 0)}, ${d.bucket === 'hour' ? 'at' : 'in'} ${bucketLabel(peak.csv, d.bucket)}`
    : ''
  const revenueLabel = `Revenue and paid orders by ${d.bucket}, ${range}: ${money(columnTotal(revenue, 0))} from ${formatCount(columnTotal(revenue, 1))} orders${peakText}.`

  return (
    <section aria-labelledby="dashboard-shop" className="flex flex-col gap-4">
      <h2 id="dashboard-shop" className="text-xl font-semibold text-fg">
        Shop
      </h2>
      <KpiCards dashboard={d} shop={shop} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ChartFrame
          title="Revenue and orders"
          table={revenue}
          range={d.range}
          emptyText="No orders in this period"
          legend={
            <ChartLegend
              items={[
                { label: 'Revenue (bars, left axis)', swatch: 'bg-accent' },
                { label: 'Paid orders (line, right axis)', swatch: 'bg-fg', line: true },
              ]}
            />
          }
        >
          <TimeChart table={revenue} bars={[0]} line={1} bucket={d.bucket} label={revenueLabel} />
        </ChartFrame>
        <ChartFrame
          title="Top products by revenue"
          table={products}
          range={d.range}
          emptyText="No products sold in this period"
        >
          <BarListChart
            table={products}
            value={0}
            label={`Top products by revenue, ${range}: ${listSummary(products, 0)}.`}
          />
        </ChartFrame>
        <ChartFrame
          title="Orders by status"
          table={statuses}
          range={d.range}
          emptyText="No orders in this period"
        >
          <BarListChart
            table={statuses}
            value={0}
            label={`Orders started in ${range} by their status now: ${listSummary(statuses, 0, statuses.rows.length)}.`}
          />
        </ChartFrame>
      </div>
    </section>
  )
}

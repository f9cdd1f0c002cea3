import type { Dashboard, DashboardStorage } from '../../../shared/contract/dashboard'
import { ProgressBar } from '../../components/ui/progress-bar'
import { formatBytes } from '../../lib/format'
import { BarListChart } from './bar-list-chart'
import { ChartFrame } from './chart-frame'
import { ChartLegend } from './chart-legend'
import { formatCount, rangeLabel } from './dashboard-format'
import { columnTotal, listSummary, storageTable, uploadsTable } from './dashboard-tables'
import { TimeChart } from './time-chart'

// The file storage's part: what customers hold now against their quotas, who holds most, and the
// uploads over the period.

export function StorageSection({
  dashboard: d,
  storage,
}: {
  dashboard: Dashboard
  storage: DashboardStorage
}) {
  const customers = storageTable(storage)
  const uploads = uploadsTable(d, storage)
  const used = `${formatBytes(storage.usedBytes)} of ${formatBytes(storage.quotaBytes)}`
  return (
    <section aria-labelledby="dashboard-storage" className="flex flex-col gap-4">
      <h2 id="dashboard-storage" className="text-xl font-semibold text-fg">
        Storage
      </h2>
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm">
        <ProgressBar
          label="Customers’ storage used"
          value={storage.usedBytes}
          max={Math.max(1, storage.quotaBytes)}
          valueText={used}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ChartFrame
          title="Storage by customer"
          table={customers}
          range={d.range}
          emptyText="No customer holds any files yet"
          legend={
            <ChartLegend
              items={[
                { label: 'Used', swatch: 'bg-accent' },
                { label: 'Quota (outline)', swatch: 'border border-border-strong bg-surface-muted' },
              ]}
            />
          }
        >
          <BarListChart
            table={customers}
            value={0}
            quota={1}
            label={`Storage used by the customers using most, against their quotas: ${listSummary(customers, 0)}.`}
          />
        </ChartFrame>
        <ChartFrame title="Uploads" table={uploads} range={d.range} emptyText="No uploads in this period">
          <TimeChart
            table={uploads}
            bars={[0]}
            bucket={d.bucket}
            label={`Uploads by ${d.bucket}, ${rangeLabel(d.range)}: ${formatCount(columnTotal(uploads, 0))} files, ${formatBytes(columnTotal(uploads, 1))}.`}
          />
        </ChartFrame>
      </div>
    </section>
  )
}

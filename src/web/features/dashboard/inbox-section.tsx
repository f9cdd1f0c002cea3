import type { Dashboard, DashboardInbox } from '../../../shared/contract/dashboard'
import { ChartFrame } from './chart-frame'
import { ChartLegend } from './chart-legend'
import { SERIES_SWATCH } from './chart-theme'
import { durationWords, formatCount, rangeLabel } from './dashboard-format'
import { columnTotal, inboxTable } from './dashboard-tables'
import { StatCard } from './kpi-cards'
import { TimeChart } from './time-chart'

// The inbox's part: what waits for an answer now, how fast the first reply came, and the quote requests
// and contact messages that arrived over the period.

export function InboxSection({ dashboard: d, inbox }: { dashboard: Dashboard; inbox: DashboardInbox }) {
  const table = inboxTable(d, inbox)
  const quotes = columnTotal(table, 0)
  const contacts = columnTotal(table, 1)
  const median = inbox.medianFirstReplySeconds
  return (
    <section aria-labelledby="dashboard-inbox" className="flex flex-col gap-4">
      <h2 id="dashboard-inbox" className="text-xl font-semibold text-fg">
        Inbox
      </h2>
      <ul aria-label="Inbox figures" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label="Quote requests waiting" value={formatCount(inbox.pending.quotes)} />
        <StatCard label="Contact messages waiting" value={formatCount(inbox.pending.contacts)} />
        <StatCard
          label="Median time to first reply"
          value={median === null ? 'No replies yet' : durationWords(median)}
        >
          <p className="text-xs text-fg-muted">For entries that arrived in this period and were answered.</p>
        </StatCard>
      </ul>
      <ChartFrame
        title="Quote requests and contact messages"
        table={table}
        range={d.range}
        emptyText="No quote requests or contact messages in this period"
        legend={
          <ChartLegend
            items={[
              { label: 'Quote requests', swatch: SERIES_SWATCH[0] },
              { label: 'Contact messages', swatch: SERIES_SWATCH[1] },
            ]}
          />
        }
      >
        <TimeChart
          table={table}
          bars={[0, 1]}
          bucket={d.bucket}
          label={`Quote requests and contact messages by ${d.bucket}, ${rangeLabel(d.range)}: ${formatCount(quotes)} quote requests and ${formatCount(contacts)} contact messages.`}
        />
      </ChartFrame>
    </section>
  )
}

import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Compared, Dashboard, DashboardShop } from '../../../shared/contract/dashboard'
import { changeText, formatCount, moneyFormatter, previousLabel } from './dashboard-format'

// The shop's headline figures, each with the previous period's value and the change written out
// ("+12 % vs previous 30 days"): an arrow and words, never colour alone.

type KpiKey = keyof DashboardShop['kpis']

const KPIS: { key: KpiKey; label: string; money: boolean }[] = [
  { key: 'revenueNet', label: 'Net revenue', money: true },
  { key: 'paidOrders', label: 'Paid orders', money: false },
  { key: 'averageOrderValue', label: 'Average order', money: true },
  { key: 'newCustomers', label: 'New customers', money: false },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'discounts', label: 'Discounts given', money: true },
  { key: 'checkoutsStarted', label: 'Checkouts started', money: false },
  { key: 'checkoutsPaid', label: 'Checkouts paid', money: false },
]

/** One figure on a card: its name, its value, and a line or two under it. */
export function StatCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-4 shadow-sm">
      <p className="text-sm font-medium text-fg-muted">{label}</p>
      <p className="text-2xl font-semibold tracking-tight text-fg tabular-nums [overflow-wrap:anywhere]">
        {value}
      </p>
      {children}
    </li>
  )
}

function Change({ figure, versus }: { figure: Compared; versus: string }) {
  const Icon =
    figure.current > figure.previous
      ? ArrowUpRight
      : figure.current < figure.previous
        ? ArrowDownRight
        : ArrowRight
  return (
    <p className="flex items-start gap-1 text-sm text-fg">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {changeText(figure, versus)}
    </p>
  )
}

export function KpiCards({ dashboard, shop }: { dashboard: Dashboard; shop: DashboardShop }) {
  const versus = previousLabel(dashboard)
  const money = moneyFormatter(dashboard.currency)
  return (
    <ul aria-label="Shop figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {KPIS.map(({ key, label, money: isMoney }) => {
        const figure = shop.kpis[key]
        const format = isMoney ? money : formatCount
        return (
          <StatCard key={key} label={label} value={format(figure.current)}>
            <Change figure={figure} versus={versus} />
            <p className="text-xs text-fg-muted">
              {versus[0]?.toUpperCase()}
              {versus.slice(1)}: {format(figure.previous)}
            </p>
          </StatCard>
        )
      })}
    </ul>
  )
}

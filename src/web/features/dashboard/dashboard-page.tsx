import { ChartNoAxesColumn, RotateCw } from 'lucide-react'
import { useSearchParams } from 'react-router'
import type { Dashboard, DashboardQuery } from '../../../shared/contract/dashboard'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { useSession } from '../accounts/sessions/session'
import { useDashboard } from './dashboard-api'
import { previousLabel, rangeLabel } from './dashboard-format'
import { periodParams, readPeriod } from './dashboard-period'
import { FirstStepsCard, useFirstSteps } from './first-steps'
import { InboxSection } from './inbox-section'
import { PeriodPicker } from './period-picker'
import { ShopSection } from './shop-section'
import { StorageSection } from './storage-section'

// /staff/dashboard: how the business is doing over a period against the one before, for admins and for
// staff who run the shop, the inbox or the files; each sees the parts they may (the server decides).
// The period lives in the URL, so a reload or a shared link shows the same one. Admins of a new site
// see its first steps above the figures until they are done or hidden.

function DashboardParts({ dashboard: d }: { dashboard: Dashboard }) {
  if (!d.shop && !d.inbox && !d.storage) {
    return (
      <EmptyState
        icon={ChartNoAxesColumn}
        title="Nothing to show you here"
        description="The dashboard shows the shop, the inbox and the file storage to the staff who look after them."
      />
    )
  }
  return (
    <div className="flex flex-col gap-10">
      {d.shop && <ShopSection dashboard={d} shop={d.shop} />}
      {d.inbox && <InboxSection dashboard={d} inbox={d.inbox} />}
      {d.storage && <StorageSection dashboard={d} storage={d.storage} />}
    </div>
  )
}

function Loading() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  )
}

export function DashboardPage() {
  const [params, setParams] = useSearchParams()
  const reading = readPeriod(params)
  const query = reading.ok ? reading.query : undefined
  const dashboard = useDashboard(query)
  const admin = useSession().user?.role === 'admin'
  const firstSteps = useFirstSteps(admin)
  const denied = accessProblemStatus(dashboard.error)
  if (denied === 401) return <AccessProblem status={401} need="admin" action="see the dashboard" />
  const data = dashboard.data
  const choose = (next: DashboardQuery) => setParams(periodParams(next))

  return (
    <>
      <PageTitle title="Dashboard" />
      <PageHeader
        title="Dashboard"
        description={
          data
            ? `${rangeLabel(data.range)}, compared with the ${previousLabel(data)}. Days are counted in the business’s time zone, ${data.timeZone}.`
            : 'How the business is doing, compared with the period before.'
        }
      />
      <div className="flex flex-col gap-8">
        {admin && firstSteps.data && <FirstStepsCard steps={firstSteps.data} />}
        <PeriodPicker
          key={params.toString()}
          period={reading.ok ? reading.query.period : reading.period}
          from={reading.ok ? (reading.query.from ?? data?.range.from ?? '') : reading.from}
          to={reading.ok ? (reading.query.to ?? data?.range.to ?? '') : reading.to}
          errors={reading.ok ? undefined : reading.errors}
          onChange={choose}
        />
        {!query ? (
          <p className="text-sm text-fg-muted">Choose a valid range to see its figures.</p>
        ) : denied === 403 ? (
          <EmptyState
            icon={ChartNoAxesColumn}
            title="The dashboard is not for your account"
            description="It is for admins and for staff who look after the shop, the inbox or the files. Ask an admin."
          />
        ) : dashboard.isPending ? (
          <Loading />
        ) : dashboard.isError && !data ? (
          <EmptyState
            icon={ChartNoAxesColumn}
            tone="danger"
            title="Could not load the dashboard"
            description={errorMessage(dashboard.error)}
            action={
              <Button onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            }
          />
        ) : data ? (
          <div aria-busy={dashboard.isPlaceholderData || undefined}>
            <DashboardParts dashboard={data} />
          </div>
        ) : null}
      </div>
    </>
  )
}

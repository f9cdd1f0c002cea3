import { BellOff, CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { NOTIFICATION_SETTINGS_PATH } from './notification-bell'
import { NotificationEntry } from './notification-entry'
import { NotificationToolbar } from './notification-toolbar'
import { useNotificationPages } from './notifications-api'
import { useNotificationFilters } from './use-notification-filters'

// The notifications page: every entry the reader may see, filtered by type and read state (kept in
// the URL, so reload and back restore them), newest first, more on demand. Live updates come from
// the bell's stream, which refreshes these queries; without it the list refetches on focus.

export function NotificationsPage() {
  const { filters, setFilter } = useNotificationFilters()
  const pages = useNotificationPages(filters)
  const items = pages.data?.pages.flatMap((p) => p.items) ?? []
  const unread = pages.data?.pages[0]?.unread ?? 0

  return (
    <>
      <PageTitle title="Notifications" />
      <PageHeader
        title="Notifications"
        description={
          <>
            Activity on your folders, orders and the shop, newest first. Choose what reaches you, and what
            comes by e-mail, in your{' '}
            <Link to={NOTIFICATION_SETTINGS_PATH} className="text-accent underline underline-offset-2">
              notification settings
            </Link>
            .
          </>
        }
      />
      <NotificationToolbar filters={filters} setFilter={setFilter} unread={unread} newestId={items[0]?.id} />
      <p className="sr-only" aria-live="polite">
        {pages.isSuccess ? `${unread} unread` : ''}
      </p>

      {pages.isPending ? (
        <ul aria-busy="true" aria-label="Loading notifications" className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        </ul>
      ) : pages.isError ? (
        <EmptyState
          tone="danger"
          icon={CircleAlert}
          title="Could not load your notifications"
          description={errorMessage(pages.error)}
          action={<Button onClick={() => void pages.refetch()}>Try again</Button>}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={
            filters.type || filters.read !== 'all' ? 'Nothing matches these filters' : 'No notifications yet'
          }
          description="When someone shares a folder with you, uploads to one, or your order changes, it shows here."
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
            {items.map((n) => (
              <NotificationEntry key={n.id} notification={n} />
            ))}
          </ul>
          {pages.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                Show older
              </Button>
            </div>
          )}
        </>
      )}
    </>
  )
}

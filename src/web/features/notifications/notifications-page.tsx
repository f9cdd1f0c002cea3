import { BellOff, Check, CircleAlert, X } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import {
  NOTIFICATION_READ_STATES,
  type Notification,
  type NotificationReadState,
} from '../../../shared/contract/notifications'
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/enums'
import { FormField } from '../../components/forms/field'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Select } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'
import { NOTIFICATION_TYPE_LABELS } from './notification-sentence'
import { NotificationSentenceText, NotificationTime, UnreadDot } from './notification-text'
import {
  type NotificationFilters,
  useDismiss,
  useMarkAllRead,
  useNotificationPages,
  useSetRead,
} from './notifications-api'

// The notifications page: every entry the reader may see, filtered by type and read state (kept in
// the URL, so reload and back restore them), newest first, more on demand. Live updates come from
// the bell's stream, which refreshes these queries; without it the list refetches on focus.

const READ_LABELS: Record<NotificationReadState, string> = { all: 'All', unread: 'Unread', read: 'Read' }

function filtersFrom(params: URLSearchParams): NotificationFilters {
  const type = params.get('type')
  const read = params.get('read')
  return {
    type: NOTIFICATION_TYPES.includes(type as NotificationType) ? (type as NotificationType) : undefined,
    read: NOTIFICATION_READ_STATES.includes(read as NotificationReadState)
      ? (read as NotificationReadState)
      : 'all',
  }
}

export function NotificationsPage() {
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const pages = useNotificationPages(filters)
  const markAll = useMarkAllRead()
  const items = pages.data?.pages.flatMap((p) => p.items) ?? []
  const unread = pages.data?.pages[0]?.unread ?? 0

  const setFilter = (key: 'type' | 'read', value: string) => {
    const next = new URLSearchParams(params)
    if (value === '' || (key === 'read' && value === 'all')) next.delete(key)
    else next.set(key, value)
    setParams(next, { replace: true })
  }

  return (
    <>
      <PageTitle title="Notifications" />
      <PageHeader
        title="Notifications"
        description="Activity on your folders, orders and the shop, newest first."
      />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <FormField label="Type" className="w-48">
          <Select value={filters.type ?? ''} onChange={(e) => setFilter('type', e.target.value)}>
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {NOTIFICATION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Show" className="w-36">
          <Select value={filters.read} onChange={(e) => setFilter('read', e.target.value)}>
            {NOTIFICATION_READ_STATES.map((state) => (
              <option key={state} value={state}>
                {READ_LABELS[state]}
              </option>
            ))}
          </Select>
        </FormField>
        <Button
          variant="secondary"
          className="ml-auto"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(items[0]?.id)}
        >
          <Check aria-hidden="true" />
          Mark all read
        </Button>
      </div>
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

function NotificationEntry({ notification: n }: { notification: Notification }) {
  const setRead = useSetRead()
  const dismiss = useDismiss()
  const sentence = <NotificationSentenceText notification={n} />
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <UnreadDot read={n.read} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className={n.read ? 'text-fg-muted' : 'text-fg'}>
          {n.link ? (
            <Link
              to={n.link}
              className="hover:underline"
              onClick={() => {
                if (!n.read) setRead.mutate({ id: n.id, read: true })
              }}
            >
              {sentence}
            </Link>
          ) : (
            sentence
          )}
        </p>
        <NotificationTime notification={n} />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          loading={setRead.isPending}
          onClick={() => setRead.mutate({ id: n.id, read: !n.read })}
        >
          {n.read ? 'Mark unread' : 'Mark read'}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Dismiss"
          title="Dismiss"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate(n.id)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}

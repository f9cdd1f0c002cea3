import { Bell } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Notification } from '../../../shared/contract/notifications'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Spinner } from '../../components/ui/spinner'
import { NotificationSentenceText, NotificationTime, UnreadDot } from './notification-text'
import { useLatestNotifications, useMarkAllRead, useSetRead, useUnreadCount } from './notifications-api'
import { POLL_MS, useNotificationStream } from './use-notification-stream'

export const NOTIFICATIONS_PATH = '/notifications'
/** The settings page (notification-settings-page.tsx, which is loaded only when opened). */
export const NOTIFICATION_SETTINGS_PATH = '/account/notifications'

/**
 * The header's bell, for signed-in users: the unread count, live; a dropdown of the latest entries;
 * "Mark all read". It owns the page's one live connection (useNotificationStream), which keeps every
 * notification query on the page fresh, the notifications page included.
 */
export function NotificationBell() {
  const mode = useNotificationStream()
  const count = useUnreadCount(mode === 'polling' ? POLL_MS : false)
  const [open, setOpen] = useState(false)
  const latest = useLatestNotifications(open)
  const setRead = useSetRead()
  const markAll = useMarkAllRead()
  const navigate = useNavigate()

  const unread = count.data?.unread ?? 0
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`
  const items = latest.data?.items ?? []

  const openEntry = (n: Notification) => {
    if (!n.read) setRead.mutate({ id: n.id, read: true })
    if (n.link) navigate(n.link)
  }

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className="relative"
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-danger-fg"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {latest.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading notifications" />
          </div>
        ) : latest.isError ? (
          <p className="px-2 py-3 text-sm text-danger-text">
            Could not load notifications. Try again in a moment.
          </p>
        ) : items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-fg-muted">
            Nothing yet. Activity on your folders and orders shows here.
          </p>
        ) : (
          items.map((n) => (
            <DropdownMenuItem key={n.id} onSelect={() => openEntry(n)} className="items-start">
              <UnreadDot read={n.read} />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className={n.read ? 'text-fg-muted' : 'text-fg'}>
                  <NotificationSentenceText notification={n} />
                </span>
                <NotificationTime notification={n} />
              </span>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={unread === 0 || markAll.isPending}
          onSelect={(event) => {
            // Stay open: the list shows the result.
            event.preventDefault()
            markAll.mutate(items[0]?.id ?? count.data?.latestId ?? undefined)
          }}
        >
          Mark all read
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={NOTIFICATIONS_PATH}>See all notifications</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={NOTIFICATION_SETTINGS_PATH}>Notification settings</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

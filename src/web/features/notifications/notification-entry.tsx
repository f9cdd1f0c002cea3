import { X } from 'lucide-react'
import { Link } from 'react-router'
import type { Notification } from '../../../shared/contract/notifications'
import { Button } from '../../components/ui/button'
import { NotificationSentenceText, NotificationTime, UnreadDot } from './notification-text'
import { useDismiss, useSetRead } from './notifications-api'

/** One notification in the page's list: its sentence (a link to what it is about), when, and its actions. */
export function NotificationEntry({ notification: n }: { notification: Notification }) {
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

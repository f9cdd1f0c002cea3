import type { Notification } from '../../../shared/contract/notifications'
import { formatNotificationSentence } from '../../../shared/notification-sentence'
import { formatDateTime } from '../../lib/format'

/** The entry as a sentence, names in bold. */
export function NotificationSentenceText({ notification }: { notification: Notification }) {
  const { parts } = formatNotificationSentence(notification.sentence)
  return (
    <span>
      {parts.map((part, i) =>
        part.emphasis ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one sentence
          <strong key={i} className="font-semibold text-fg">
            {part.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one sentence
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  )
}

/** When it happened, as a <time> element. */
export function NotificationTime({ notification }: { notification: Notification }) {
  return (
    <time dateTime={notification.createdAt} className="text-xs text-fg-muted">
      {formatDateTime(notification.createdAt)}
    </time>
  )
}

/** The unread marker: a dot, and words for screen readers (colour is never the only signal). */
export function UnreadDot({ read }: { read: boolean }) {
  if (read) return <span className="size-2 shrink-0" aria-hidden="true" />
  return (
    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent">
      <span className="sr-only">Unread: </span>
    </span>
  )
}

import { type Notification, notificationSchema } from '../../shared/contract/notifications'

// Notifications as they arrive on the page's one live stream, for any feature to react to (the
// files home refreshes "Shared with me" when a folder is shared with the reader). The bell's stream
// publishes here; listeners never open a connection of their own. Replayed notifications after a
// reconnect are published too, so a listener catches up on what it missed.

export type NotificationListener = (notification: Notification) => void

const listeners = new Set<NotificationListener>()

/** Calls `listener` for each notification the stream delivers; returns the unsubscribe. */
export function onNotification(listener: NotificationListener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Publishes one stream event's data (JSON); data that is not a notification is ignored. */
export function publishNotificationData(data: string): void {
  if (listeners.size === 0) return
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return
  }
  const result = notificationSchema.safeParse(parsed)
  if (!result.success) return
  for (const listener of [...listeners]) listener(result.data)
}

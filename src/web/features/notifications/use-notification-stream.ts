import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { NOTIFICATION_STREAM_EVENTS, type UnreadCount } from '../../../shared/contract/notifications'
import { publishNotificationData } from '../../lib/notification-events'
import { notificationKeys, refreshNotifications } from './notifications-api'

// Live notifications for the open page: an EventSource on /api/notifications/stream. The browser
// reconnects by itself and sends Last-Event-ID, and the server replays what was missed, so nothing
// is lost or doubled. When live delivery is not possible (no EventSource, the server refuses the
// stream, or it keeps failing, e.g. behind a proxy that buffers), the hook reports `polling` and the
// bell revalidates its count on a timer instead (ETag/304, cheap).

export type DeliveryMode = 'connecting' | 'live' | 'polling' | 'off'

export const STREAM_PATH = '/api/notifications/stream'
export const POLL_MS = 30_000
/** Failed connection attempts in a row before falling back to polling. */
const MAX_FAILURES = 3
/** The file manager's queries all start with this key (files-api.ts: filesKeys.all). */
const FILES_QUERY_ROOT = ['files']
/** Many events in a burst refetch once. */
const REFRESH_DELAY_MS = 250

export function useNotificationStream(enabled = true): DeliveryMode {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<DeliveryMode>(enabled ? 'connecting' : 'off')

  useEffect(() => {
    if (!enabled) {
      setMode('off')
      return
    }
    if (typeof EventSource === 'undefined') {
      setMode('polling')
      return
    }
    const source = new EventSource(STREAM_PATH, { withCredentials: true })
    let failures = 0
    let refresh: ReturnType<typeof setTimeout> | undefined
    const refreshSoon = () => {
      clearTimeout(refresh)
      refresh = setTimeout(() => void refreshNotifications(queryClient), REFRESH_DELAY_MS)
    }
    const stop = (next: DeliveryMode) => {
      source.close()
      clearTimeout(refresh)
      setMode(next)
    }

    source.addEventListener(NOTIFICATION_STREAM_EVENTS.ready, () => {
      failures = 0
      setMode('live')
      // Whatever changed while connecting (or disconnected) shows now.
      refreshSoon()
    })
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, (event) => {
      refreshSoon()
      // Other features (e.g. the files home) react through the one connection.
      publishNotificationData((event as MessageEvent<string>).data)
    })
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.reset, refreshSoon)
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, (event) => {
      const unread = readUnread((event as MessageEvent<string>).data)
      if (unread === undefined) return
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), (old) => ({
        unread,
        latestId: old?.latestId ?? null,
      }))
    })
    // What the reader may see changed (a share revoked, a role or function changed, settings saved):
    // every file manager list and folder page refetches, so "Shared with me" drops the folder and its
    // open page shows the access problem; and the bell refetches its list and count, which may have
    // lost (or gained) entries though no notification arrived.
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.access, () => {
      void queryClient.invalidateQueries({ queryKey: FILES_QUERY_ROOT })
      refreshSoon()
    })
    // The session ended (signed out elsewhere, restricted, expired): no point reconnecting.
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.end, () => stop('off'))
    source.addEventListener('error', () => {
      // CLOSED: the server refused the stream (e.g. 401); CONNECTING: the browser retries by itself.
      failures += 1
      if (source.readyState === EventSource.CLOSED || failures >= MAX_FAILURES) stop('polling')
      else setMode('connecting')
    })

    return () => {
      source.close()
      clearTimeout(refresh)
    }
  }, [enabled, queryClient])

  return mode
}

function readUnread(data: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(data)
    if (typeof parsed === 'object' && parsed !== null && 'unread' in parsed) {
      const unread = (parsed as { unread: unknown }).unread
      return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : undefined
    }
  } catch {
    // Not ours: ignore.
  }
  return undefined
}

import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  type NotificationList,
  type NotificationReadState,
  notificationListSchema,
  notificationSchema,
  readAllResultSchema,
  type UnreadCount,
  unreadCountSchema,
} from '../../../shared/contract/notifications'
import type { NotificationType } from '../../../shared/enums'
import { toast } from '../../components/ui/toast-store'
import { api, errorMessage } from '../../lib/api'

// The notification inbox over HTTP: query keys, reads and the writes that change read state.
// Requests go through the browser's HTTP cache: the server answers `private, no-cache` with an ETag,
// so a poll revalidates with If-None-Match and a 304 costs no body.

export interface NotificationFilters {
  type?: NotificationType | undefined
  read: NotificationReadState
}

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (filters: NotificationFilters) => [...notificationKeys.all, 'list', filters] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
}

const BELL_ENTRIES = 8
const PAGE_SIZE = 20

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get('/api/notifications/unread-count', { signal, schema: unreadCountSchema })
}

export function fetchNotifications(
  filters: NotificationFilters,
  options: { cursor?: string | undefined; limit?: number; signal?: AbortSignal } = {},
): Promise<NotificationList> {
  return api.get('/api/notifications', {
    signal: options.signal,
    schema: notificationListSchema,
    query: {
      type: filters.type,
      read: filters.read,
      cursor: options.cursor,
      limit: options.limit ?? PAGE_SIZE,
    },
  })
}

/** The bell's count. `pollMs`: how often to revalidate when live delivery is unavailable. */
export function useUnreadCount(pollMs: number | false) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: pollMs,
    staleTime: pollMs === false ? Number.POSITIVE_INFINITY : 0,
  })
}

/** The bell's dropdown: the newest few, fetched when it opens. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) => fetchNotifications({ read: 'all' }, { limit: BELL_ENTRIES, signal }),
    enabled,
  })
}

/** The notifications page: newest first, more on demand. */
export function useNotificationPages(filters: NotificationFilters) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchNotifications(filters, { cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** After any change of read state: the count, the bell and every list refetch. */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all })
}

const onError = (error: unknown) => toast.error('Could not update the notification', errorMessage(error))

export function useSetRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api.patch(`/api/notifications/${id}`, { read }, { schema: notificationSchema }),
    onSettled: () => refreshNotifications(queryClient),
    onError,
  })
}

export function useDismiss() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/notifications/${id}`),
    onSettled: () => refreshNotifications(queryClient),
    onError,
  })
}

/** `upTo`: the newest entry on screen, so whatever arrives meanwhile stays unread. */
export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upTo: string | undefined) =>
      api.post('/api/notifications/read-all', upTo ? { upTo } : {}, { schema: readAllResultSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), (old) =>
        old ? { ...old, unread: result.unread } : old,
      )
    },
    onSettled: () => refreshNotifications(queryClient),
    onError: (error: unknown) => toast.error('Could not mark all as read', errorMessage(error)),
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type NotificationSettingsBody,
  notificationSettingsSchema,
} from '../../../shared/contract/notifications'
import { toast } from '../../components/ui/toast-store'
import { api } from '../../lib/api'
import { notificationKeys } from './notifications-api'

// The reader's notification settings over HTTP (docs/decisions/0143).

export const notificationSettingsKey = ['notification-settings'] as const

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) =>
      api.get('/api/notifications/settings', { signal, schema: notificationSettingsSchema }),
  })
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) =>
      api.put('/api/notifications/settings', body, { schema: notificationSettingsSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationSettingsKey, saved)
      // A kind turned off (or on) leaves (or joins) the bell and the list at once.
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all })
      toast.success('Notification settings saved')
    },
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type InboxSettingsUpdate,
  inboxSettingsSchema,
  privacyEraseResultSchema,
  privacyExportSchema,
} from '../../../../shared/contract/inbox-staff'
import { api } from '../../../lib/api'

// The admin's side of the inbox over HTTP: its settings, and the privacy export and erase.

const SETTINGS = '/api/admin/inbox-settings'
const settingsKey = ['admin', 'inbox-settings'] as const

export function useInboxSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get(SETTINGS, { signal, schema: inboxSettingsSchema }),
  })
}

export function useUpdateInboxSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: InboxSettingsUpdate) => api.patch(SETTINGS, change, { schema: inboxSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved)
      // The public quote form reads the services list too.
      void queryClient.invalidateQueries({ queryKey: ['inbox'] })
    },
  })
}

/** The address travels in the body, never in a URL (URLs end up in logs and history). */
export function usePrivacyExport() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/admin/privacy/export', { email }, { schema: privacyExportSchema }),
  })
}

export function usePrivacyErase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/admin/privacy/erase', { email }, { schema: privacyEraseResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inbox-staff'] }),
  })
}

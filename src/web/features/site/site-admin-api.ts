import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AdminSiteIdentity,
  type AdminSiteWords,
  adminSiteIdentitySchema,
  adminSiteWordsSchema,
  type SavedSiteWords,
  type SiteIdentityUpdate,
  type SiteImage,
  siteTestEmailSchema,
} from '../../../shared/contract/site'
import { api } from '../../lib/api'
import { remember, siteKey, siteWordsKey } from './site-api'

// The admins' side of the site identity: /admin/site's form and its image uploads.

const adminKey = ['admin', 'site'] as const

export function useAdminSiteIdentity() {
  return useQuery({
    queryKey: adminKey,
    queryFn: ({ signal }) => api.get('/api/admin/site', { signal, schema: adminSiteIdentitySchema }),
  })
}

function useSaved() {
  const queryClient = useQueryClient()
  return (saved: AdminSiteIdentity) => {
    queryClient.setQueryData(adminKey, saved)
    const { saved: _saved, warnings: _warnings, mailSender: _sender, ...site } = saved
    queryClient.setQueryData(siteKey, site)
    remember(site)
    // The default intro names the business.
    void queryClient.invalidateQueries({ queryKey: siteWordsKey })
    void queryClient.invalidateQueries({ queryKey: ['admin', 'site', 'words'] })
  }
}

export function useUpdateSiteIdentity() {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: (change: SiteIdentityUpdate) =>
      api.put<AdminSiteIdentity>('/api/admin/site', change, { schema: adminSiteIdentitySchema }),
    onSuccess,
  })
}

export function useUploadSiteImage(kind: SiteImage) {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: (file: File) =>
      api.put<AdminSiteIdentity>(`/api/admin/site/${kind}`, file, { schema: adminSiteIdentitySchema }),
    onSuccess,
  })
}

export function useRemoveSiteImage(kind: SiteImage) {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: () =>
      api.delete<AdminSiteIdentity>(`/api/admin/site/${kind}`, undefined, {
        schema: adminSiteIdentitySchema,
      }),
    onSuccess,
  })
}

/** Queues a sample e-mail to the admin's own address. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => api.post('/api/admin/site/test-email', undefined, { schema: siteTestEmailSchema }),
  })
}

const wordsKey = ['admin', 'site', 'words'] as const

/** The owner's words as saved ('' for a default) and the defaults, for /admin/site's words form. */
export function useAdminSiteWords() {
  return useQuery({
    queryKey: wordsKey,
    queryFn: ({ signal }) => api.get('/api/admin/site/words', { signal, schema: adminSiteWordsSchema }),
  })
}

export function useUpdateSiteWords() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: SavedSiteWords) =>
      api.put<AdminSiteWords>('/api/admin/site/words', change, { schema: adminSiteWordsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(wordsKey, saved)
      void queryClient.invalidateQueries({ queryKey: siteWordsKey })
    },
  })
}

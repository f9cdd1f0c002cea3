import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AdminSiteIdentity,
  adminSiteIdentitySchema,
  type SiteIdentityUpdate,
  type SiteImage,
  siteTestEmailSchema,
} from '../../../shared/contract/site'
import { api } from '../../lib/api'
import { remember, siteKey } from './site-api'

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

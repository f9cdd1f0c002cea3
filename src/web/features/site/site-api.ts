import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AdminSiteIdentity,
  adminSiteIdentitySchema,
  type SiteIdentity,
  type SiteIdentityUpdate,
  type SiteImage,
  siteIdentitySchema,
} from '../../../shared/contract/site'
import { api } from '../../lib/api'

// The site identity over HTTP: everyone's copy (the frame of every page) and the admins' form.

const siteKey = ['site'] as const
const adminKey = ['admin', 'site'] as const
const REMEMBERED = 'depot.site'

/** What the page shows before the first answer: the last identity seen here, else a neutral frame. */
function remembered(): SiteIdentity | undefined {
  try {
    const raw = localStorage.getItem(REMEMBERED)
    const parsed = raw ? siteIdentitySchema.safeParse(JSON.parse(raw)) : undefined
    return parsed?.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function remember(site: SiteIdentity) {
  try {
    localStorage.setItem(REMEMBERED, JSON.stringify(site))
  } catch {
    // Private mode or a full quota: the next visit just waits for the server.
  }
}

export function useSiteIdentity() {
  return useQuery<SiteIdentity>({
    queryKey: siteKey,
    queryFn: async ({ signal }) => {
      const site = await api.get('/api/site', { signal, schema: siteIdentitySchema })
      remember(site)
      return site
    },
    placeholderData: (): SiteIdentity | undefined => remembered(),
    staleTime: 5 * 60_000,
  })
}

/** The business's name for titles and the header: '' until known (never a made-up name). */
export function useSiteName(): string {
  return useSiteIdentity().data?.name ?? ''
}

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
    const { saved: _saved, warnings: _warnings, ...site } = saved
    queryClient.setQueryData(siteKey, site)
    remember(site)
  }
}

export function useUpdateSiteIdentity() {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: (change: SiteIdentityUpdate) =>
      api.put('/api/admin/site', change, { schema: adminSiteIdentitySchema }),
    onSuccess,
  })
}

export function useUploadSiteImage(kind: SiteImage) {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: (file: File) => api.put(`/api/admin/site/${kind}`, file, { schema: adminSiteIdentitySchema }),
    onSuccess,
  })
}

export function useRemoveSiteImage(kind: SiteImage) {
  const onSuccess = useSaved()
  return useMutation({
    mutationFn: () =>
      api.delete(`/api/admin/site/${kind}`, undefined, {
        schema: adminSiteIdentitySchema,
      }),
    onSuccess,
  })
}

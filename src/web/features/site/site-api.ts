import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteIdentity, SiteWords } from '../../../shared/contract/site'
import { type ApiClient, api } from '../../lib/api'

// The site identity over HTTP, everyone's copy (the frame of every page); the admins' form has
// site-admin-api.ts, kept apart so its schemas stay out of the first load (decision 0096).

export const siteKey = ['site'] as const
const REMEMBERED = 'depot.site'

/** What the page shows before the first answer: the last identity seen here, else a neutral frame. */
function remembered(): SiteIdentity | undefined {
  try {
    const raw = localStorage.getItem(REMEMBERED)
    const value: unknown = raw ? JSON.parse(raw) : undefined
    // What this app wrote itself: the one required string is check enough, and keeps zod out (0096).
    return isIdentityLike(value) ? value : undefined
  } catch {
    return undefined
  }
}

function isIdentityLike(value: unknown): value is SiteIdentity {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
}

export function remember(site: SiteIdentity) {
  try {
    localStorage.setItem(REMEMBERED, JSON.stringify(site))
  } catch {
    // Private mode or a full quota: the next visit just waits for the server.
  }
}

/** The site identity, asked through `client` (the server's own app when it renders a page). */
export const siteQuery = (client: ApiClient = api) =>
  queryOptions<SiteIdentity>({
    queryKey: siteKey,
    queryFn: async ({ signal }) => {
      const site = await client.get<SiteIdentity>('/api/site', {
        signal,
        devSchema: async () => (await import('../../../shared/contract/site')).siteIdentitySchema,
      })
      remember(site)
      return site
    },
    staleTime: 5 * 60_000,
  })

export function useSiteIdentity() {
  return useQuery({ ...siteQuery(), placeholderData: (): SiteIdentity | undefined => remembered() })
}

/** The business's name for titles and the header: '' until known (never a made-up name). */
export function useSiteName(): string {
  return useSiteIdentity().data?.name ?? ''
}

export const siteWordsKey = ['site', 'words'] as const

/** The owner's words on the home page and the shop (decision 0141), defaults filled in by the server. */
export const siteWordsQuery = (client: ApiClient = api) =>
  queryOptions<SiteWords>({
    queryKey: siteWordsKey,
    queryFn: ({ signal }) =>
      client.get<SiteWords>('/api/site/words', {
        signal,
        devSchema: async () => (await import('../../../shared/contract/site')).siteWordsSchema,
      }),
    staleTime: 5 * 60_000,
  })

export function useSiteWords() {
  return useQuery(siteWordsQuery())
}

import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SessionUser } from '../../../../shared/contract/accounts'
import { type ApiClient, api } from '../../../lib/api'
import { fetchIdentityProviders, fetchSessionUser } from './session-api'

// Who is signed in. The header and every page ask Auth.js's session endpoint, which answers 200
// with the user or null, so a visitor's page load never produces a failed request; the server
// re-checks the session row on each call, so a sign-out elsewhere or a restriction shows on the next
// refetch (window focus, or after any account action). The profile page reads the fuller /api/me.

export const sessionKey = ['accounts', 'session'] as const
export const meKey = ['accounts', 'me'] as const
export const sessionsKey = ['accounts', 'sessions'] as const
export const providersKey = ['accounts', 'providers'] as const

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; user: null }

/** Who is signed in, asked through `client` (the server's own app when it renders a page). */
export const sessionQuery = (client: ApiClient = api) =>
  queryOptions({ queryKey: sessionKey, queryFn: ({ signal }) => fetchSessionUser(signal, client) })

export function useSession(): SessionState {
  const query = useQuery(sessionQuery())
  if (query.isPending) return { status: 'loading', user: null }
  // A failed check (the server unreachable) shows the visitor's view; the next refetch corrects it.
  if (query.data) return { status: 'authenticated', user: query.data }
  return { status: 'unauthenticated', user: null }
}

/** The signed-in user's own account (names, business details, providers), or null once signed out. */
export function useMe(enabled = true) {
  // Imported when asked: the accounts API and its schemas are not part of a visitor's first load.
  return useQuery({
    queryKey: meKey,
    queryFn: async ({ signal }) => (await import('../accounts-api')).fetchMe(signal),
    enabled,
  })
}

/** The configured identity providers; they only change when the server restarts. */
export function useIdentityProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) => fetchIdentityProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

const keep = (key: readonly unknown[]) =>
  key[0] === sessionKey[0] && (key[1] === sessionKey[1] || key[1] === providersKey[1])

/**
 * After signing in: the session is read first, so the next page knows who is there; everything else
 * cached was fetched as somebody else (or nobody) and is fetched again when shown.
 */
export async function applySignedIn(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.cancelQueries()
  const user = await queryClient.fetchQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    staleTime: 0,
  })
  queryClient.removeQueries({ predicate: (query) => !keep(query.queryKey) && !query.isActive() })
  await queryClient.invalidateQueries({ predicate: (query) => !keep(query.queryKey) })
  return user
}

/**
 * After signing out: nobody is signed in, at once. Signed-in-only queries switch themselves off
 * (`enabled` on the session), so nothing asks the server as the old user; the old user's data not on
 * screen leaves the cache now, the rest once its page is gone (and at the next sign-in at the latest).
 * Queries still on screen are left in place on purpose: a removed query that a mounted component still
 * observes is rebuilt and fetched at its next render, which may come before that component learns
 * that the session ended.
 */
export function applySignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKey, null)
  queryClient.removeQueries({ predicate: (query) => !keep(query.queryKey) && !query.isActive() })
}

/** After the user changed their own account: the header and the profile read it again. */
export function useRefreshAccount(): () => Promise<void> {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKey }),
      queryClient.invalidateQueries({ queryKey: meKey }),
    ])
  }
}

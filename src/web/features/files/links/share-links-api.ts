import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { ItemType } from '../../../../shared/contract/files'
import {
  type CreateShareLink,
  createdShareLinkSchema,
  type DropSender,
  SHARE_KEY_HEADER,
  type ShareLinkInfo,
  sharedListingSchema,
  shareKeySchema,
  shareLinkInfoSchema,
  shareLinkRevokedSchema,
  shareLinksSchema,
} from '../../../../shared/contract/share-links'
import { type ApiClient, api, isApiError } from '../../../lib/api'

// Share links over HTTP: the owners' list, create and revoke, and the visitors' side under /api/s/.

const base = (itemType: ItemType, id: string) =>
  itemType === 'folder' ? `/api/folders/${id}/links` : `/api/files/${id}/links`

export const shareLinkKeys = {
  item: (itemType: ItemType, id: string) => ['share-links', itemType, id] as const,
  visit: (token: string) => ['shared', token] as const,
}

export function useShareLinks(itemType: ItemType, id: string) {
  return useQuery({
    queryKey: shareLinkKeys.item(itemType, id),
    queryFn: ({ signal }) => api.get(base(itemType, id), { schema: shareLinksSchema, signal }),
  })
}

export function useCreateShareLink(itemType: ItemType, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateShareLink) =>
      api.post(base(itemType, id), input, { schema: createdShareLinkSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.item(itemType, id) }),
  })
}

export function useRevokeShareLink(itemType: ItemType, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete(`/api/share-links/${linkId}`, undefined, { schema: shareLinkRevokedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.item(itemType, id) }),
  })
}

// ---- The visitors' side: the key a password unlock gives lives in this tab only (in memory, and in
// sessionStorage so a reload keeps it).

const keyStore = (token: string) => `share-key:${token.slice(0, 8)}`
const keysInMemory = new Map<string, string>()
const keyListeners = new Set<() => void>()

export function storedKey(token: string): string | undefined {
  const kept = keysInMemory.get(token)
  if (kept) return kept
  try {
    return sessionStorage.getItem(keyStore(token)) ?? undefined
  } catch {
    return undefined
  }
}

/** Keeps the key an unlock gave and tells the pages reading it (useStoredKey). */
function rememberKey(token: string, key: string): void {
  keysInMemory.set(token, key)
  try {
    sessionStorage.setItem(keyStore(token), key)
  } catch {
    // Private mode without storage: the page works until it is reloaded.
  }
  for (const listener of keyListeners) listener()
}

function subscribeToKeys(listener: () => void): () => void {
  keyListeners.add(listener)
  return () => keyListeners.delete(listener)
}

function keyHeaders(key: string | undefined): Record<string, string> {
  return key ? { [SHARE_KEY_HEADER]: key } : {}
}

/**
 * The tab's unlock key for the link, read as the page renders. While React takes over a page the
 * server rendered it is none, as the server saw it (the server cannot read this tab's storage), so
 * the first render matches the server's HTML; the next render reads the key and asks again with it.
 */
function useStoredKey(token: string): string | undefined {
  return useSyncExternalStore(
    subscribeToKeys,
    () => storedKey(token),
    () => undefined,
  )
}

/** A URL the browser opens itself (downloads, previews, zips), with the key when there is one. */
export function sharedUrl(
  token: string,
  path: string,
  query: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
  const key = storedKey(token)
  if (key) params.set('key', key)
  const qs = params.toString()
  return `/api/s/${token}${path}${qs ? `?${qs}` : ''}`
}

/** A link that does not work: no link has the token (404), or it stopped: expired or revoked (410). */
interface UnusableLink {
  unusable: { status: 404 | 410; message: string }
}

/**
 * What the link opens; the server asks it too, without a key, for the page it renders
 * (share-link-prefetch.ts). A link that does not work is an answer, not a failure: the page says so,
 * and the server draws it so too (a failed query is not handed over, so the server would draw the page
 * loading, and without JavaScript it would stay so).
 */
export const sharedInfoQuery = (token: string, key: string | undefined, client: ApiClient = api) =>
  queryOptions({
    queryKey: [...shareLinkKeys.visit(token), key ? 'unlocked' : 'open', 'info'],
    queryFn: async ({ signal }): Promise<ShareLinkInfo | UnusableLink> => {
      try {
        return await client.get(`/api/s/${token}`, {
          schema: shareLinkInfoSchema,
          signal,
          headers: keyHeaders(key),
        })
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 410))
          return { unusable: { status: error.status, message: error.message } }
        throw error
      }
    },
    retry: false,
  })

/** One folder of a shared folder (its top when `folder` is none). */
export const sharedListingQuery = (
  token: string,
  folder: string | undefined,
  key: string | undefined,
  client: ApiClient = api,
) =>
  queryOptions({
    queryKey: [...shareLinkKeys.visit(token), key ? 'unlocked' : 'open', 'listing', folder ?? ''],
    queryFn: ({ signal }) =>
      client.get(`/api/s/${token}/listing`, {
        schema: sharedListingSchema,
        signal,
        query: folder ? { folder } : {},
        headers: keyHeaders(key),
      }),
    retry: false,
  })

export function useSharedInfo(token: string) {
  return useQuery(sharedInfoQuery(token, useStoredKey(token)))
}

export function useSharedListing(token: string, folder: string | undefined, enabled: boolean) {
  return useQuery({ ...sharedListingQuery(token, folder, useStoredKey(token)), enabled })
}

export function useUnlockShareLink(token: string) {
  return useMutation({
    mutationFn: (input: { password: string }) =>
      api.post(`/api/s/${token}/unlock`, input, { schema: shareKeySchema }),
    // The pages reading the key ask again with it (their queries' keys name it).
    onSuccess: (answer) => rememberKey(token, answer.key),
  })
}

/** Drops one file into a file drop link; the bytes go as they are. */
export async function dropFile(token: string, file: File, sender: DropSender): Promise<{ filename: string }> {
  const res = await fetch(sharedUrl(token, '/files', { name: file.name, ...sender }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', ...keyHeaders(storedKey(token)) },
    body: file,
    credentials: 'same-origin',
  })
  const body = (await res.json().catch(() => ({}))) as { filename?: string; detail?: string }
  if (!res.ok) throw new Error(body.detail ?? 'The file was not received.')
  return { filename: body.filename ?? file.name }
}

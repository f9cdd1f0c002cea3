import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ItemType } from '../../../../shared/contract/files'
import {
  type CreateShareLink,
  createdShareLinkSchema,
  type DropSender,
  SHARE_KEY_HEADER,
  sharedListingSchema,
  shareKeySchema,
  shareLinkInfoSchema,
  shareLinkRevokedSchema,
  shareLinksSchema,
} from '../../../../shared/contract/share-links'
import { api } from '../../../lib/api'

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

// ---- The visitors' side: the key a password unlock gives lives in this tab only.

const keyStore = (token: string) => `share-key:${token.slice(0, 8)}`

export function storedKey(token: string): string | undefined {
  try {
    return sessionStorage.getItem(keyStore(token)) ?? undefined
  } catch {
    return undefined
  }
}

function keyHeaders(token: string): Record<string, string> {
  const key = storedKey(token)
  return key ? { [SHARE_KEY_HEADER]: key } : {}
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

export function useSharedInfo(token: string) {
  return useQuery({
    queryKey: [...shareLinkKeys.visit(token), 'info'],
    queryFn: ({ signal }) =>
      api.get(`/api/s/${token}`, { schema: shareLinkInfoSchema, signal, headers: keyHeaders(token) }),
    retry: false,
  })
}

export function useSharedListing(token: string, folder: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...shareLinkKeys.visit(token), 'listing', folder ?? ''],
    queryFn: ({ signal }) =>
      api.get(`/api/s/${token}/listing`, {
        schema: sharedListingSchema,
        signal,
        query: folder ? { folder } : {},
        headers: keyHeaders(token),
      }),
    enabled,
    retry: false,
  })
}

export function useUnlockShareLink(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { password: string }) =>
      api.post(`/api/s/${token}/unlock`, input, { schema: shareKeySchema }),
    onSuccess: (answer) => {
      try {
        sessionStorage.setItem(keyStore(token), answer.key)
      } catch {
        // Private mode without storage: the page works until it is reloaded.
      }
      return client.invalidateQueries({ queryKey: shareLinkKeys.visit(token) })
    },
  })
}

/** Drops one file into a file drop link; the bytes go as they are. */
export async function dropFile(token: string, file: File, sender: DropSender): Promise<{ filename: string }> {
  const res = await fetch(sharedUrl(token, '/files', { name: file.name, ...sender }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', ...keyHeaders(token) },
    body: file,
    credentials: 'same-origin',
  })
  const body = (await res.json().catch(() => ({}))) as { filename?: string; detail?: string }
  if (!res.ok) throw new Error(body.detail ?? 'The file was not received.')
  return { filename: body.filename ?? file.name }
}

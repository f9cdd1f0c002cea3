import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import {
  type HomeView,
  type ItemRef,
  type OnConflict,
  type RestoreInput,
  SEARCH_MIN_CHARACTERS,
} from '../../../shared/contract/files'
import {
  accessListSchema,
  bulkResultSchema,
  type FolderChildren,
  fileSchema,
  folderChildrenSchema,
  folderSchema,
  grantRevokedSchema,
  homeViewSchema,
  itemOutcomeSchema,
  myTrashEmptiedSchema,
  pendingShareCancelledSchema,
  restoreResultSchema,
  searchResultSchema,
  shareByEmailResultSchema,
  shareCandidatesSchema,
  storageUsageSchema,
  trashContentsSchema,
  trashEmptiedSchema,
  trashEntryDeletedSchema,
} from '../../../shared/contract/files-responses'
import type { PermissionType } from '../../../shared/enums'
import { api } from '../../lib/api'
import { onNotification } from '../../lib/notification-events'
import type { Sorting } from './listing/entries'

// The file manager over HTTP: query keys, reads, and the writes (each write refreshes every file
// manager query, since a move or a restore changes several listings at once).

export const filesKeys = {
  all: ['files'] as const,
  home: (view: HomeView, sorting: Sorting) => [...filesKeys.all, 'home', view, sorting] as const,
  folder: (id: string, sorting: Sorting) => [...filesKeys.all, 'folder', id, sorting] as const,
  search: (q: string) => [...filesKeys.all, 'search', q] as const,
  trash: () => [...filesKeys.all, 'trash'] as const,
  trashEntry: (id: string) => [...filesKeys.all, 'trash', id] as const,
  access: (id: string) => [...filesKeys.all, 'access', id] as const,
  candidates: (id: string, q: string) => [...filesKeys.all, 'candidates', id, q] as const,
  storage: () => [...filesKeys.all, 'storage'] as const,
}

const enc = encodeURIComponent

/**
 * Keeps the home's lists current while it is open: a folder notification (shared with the reader,
 * created, moved, trashed…) refetches them, through the bell's live stream (no connection of its own).
 */
export function useLiveHomeViews() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      onNotification((notification) => {
        if (notification.type !== 'folder') return
        void queryClient.invalidateQueries({ queryKey: [...filesKeys.all, 'home'] })
      }),
    [queryClient],
  )
}

/**
 * Keeps an open folder's listing current: a notification about something in it (an upload, a rename,
 * a move or trash by someone else) reads its loaded pages again.
 */
export function useLiveFolder(folderId: string) {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      onNotification((notification) => {
        if (notification.folder_id !== folderId) return
        void queryClient.invalidateQueries({ queryKey: [...filesKeys.all, 'folder', folderId] })
      }),
    [queryClient, folderId],
  )
}

export function useHomeView(view: HomeView, sorting: Sorting, enabled = true) {
  return useQuery({
    queryKey: filesKeys.home(view, sorting),
    queryFn: ({ signal }) =>
      api.get('/api/folders', { signal, query: { view, ...sorting }, schema: homeViewSchema }),
    enabled,
  })
}

/** The caller's storage used against their quota (null: none); refreshed with every file manager write. */
export function useStorageUsage() {
  return useQuery({
    queryKey: filesKeys.storage(),
    queryFn: ({ signal }) => api.get('/api/me/storage', { signal, schema: storageUsageSchema }),
  })
}

/** How many entries one page of a folder's listing asks for (the contract's maximum). */
export const FOLDER_PAGE_SIZE = 100

/**
 * A folder's listing, a page at a time (decision 0093): `fetchNextPage()` reads the next page with the
 * previous answer's cursor. Refetching (a write, a notification) reads the loaded pages again in order.
 */
export function useFolderListing(id: string, sorting: Sorting) {
  return useInfiniteQuery({
    queryKey: filesKeys.folder(id, sorting),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      api.get(`/api/folders/${enc(id)}/children`, {
        signal,
        query: { ...sorting, pageSize: FOLDER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        schema: folderChildrenSchema,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** The loaded pages of a folder's listing as one: the folder and path of the first, every page's rows. */
export function joinPages(pages: readonly FolderChildren[]) {
  const first = pages[0]!
  return {
    folder: first.folder,
    breadcrumbs: first.breadcrumbs,
    audience: first.audience,
    folders: pages.flatMap((p) => p.folders),
    files: pages.flatMap((p) => p.files),
  }
}

/** A folder's listing without the hook, for the folder picker and the uploader. */
export function fetchFolderListing(id: string, signal?: AbortSignal) {
  return api.get(`/api/folders/${enc(id)}/children`, {
    schema: folderChildrenSchema,
    ...(signal ? { signal } : {}),
  })
}

/** Is the text long enough to search (the name index works on trigrams, decision 0094)? */
export function searchable(q: string): boolean {
  return [...q.trim()].length >= SEARCH_MIN_CHARACTERS
}

/** The first page of matches. `public`: only what lies in public folders (the e-book picker). */
export function useSearch(q: string, scope: 'all' | 'public' = 'all') {
  return useQuery({
    queryKey: [...filesKeys.search(q), scope],
    queryFn: ({ signal }) =>
      api.get('/api/items/search', { signal, query: { q, scope }, schema: searchResultSchema }),
    enabled: searchable(q),
  })
}

/** The search page: matches best first (names that start with the text, then the others), more on demand (the server pages by cursor). */
export function useSearchPages(q: string) {
  return useInfiniteQuery({
    queryKey: [...filesKeys.search(q), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/items/search', {
        signal,
        query: pageParam ? { q, cursor: pageParam } : { q },
        schema: searchResultSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: searchable(q),
  })
}

export function useTrashEntry(id: string | null) {
  return useQuery({
    queryKey: filesKeys.trashEntry(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/trash/${enc(id!)}`, { signal, schema: trashContentsSchema }),
    enabled: id !== null,
  })
}

export function useAccessList(folderId: string, enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.access(folderId),
    queryFn: ({ signal }) =>
      api.get(`/api/folders/${enc(folderId)}/permissions`, { signal, schema: accessListSchema }),
    enabled,
  })
}

export function useShareCandidates(folderId: string, q: string) {
  return useQuery({
    queryKey: filesKeys.candidates(folderId, q),
    queryFn: ({ signal }) =>
      api.get(`/api/folders/${enc(folderId)}/share-candidates`, {
        signal,
        query: { q },
        schema: shareCandidatesSchema,
      }),
    enabled: q.trim().length >= 2,
  })
}

// ---- Writes (plain functions; components wrap them in useFilesMutation)

export const filesApi = {
  createFolder: (input: { folder_name: string; parent_id?: string | null; type?: 'public' | 'locked' }) =>
    api.post('/api/folders', input, { schema: folderSchema }),
  renameFolder: (id: string, folder_name: string) =>
    api.patch(`/api/folders/${enc(id)}`, { folder_name }, { schema: folderSchema }),
  setFolderType: (id: string, type: 'public' | 'locked') =>
    api.patch(`/api/folders/${enc(id)}`, { type }, { schema: folderSchema }),
  renameFile: (id: string, filename: string) =>
    api.patch(`/api/files/${enc(id)}`, { filename }, { schema: fileSchema }),
  /** `targetFolderId: null` moves a folder to the top of My folders. */
  move: (ref: ItemRef, targetFolderId: string | null, onConflict?: OnConflict) =>
    api.post(
      `/api/${ref.type === 'folder' ? 'folders' : 'files'}/${enc(ref.id)}/move`,
      { targetFolderId, ...(onConflict ? { onConflict } : {}) },
      { schema: itemOutcomeSchema },
    ),
  bulkMove: (items: ItemRef[], targetFolderId: string, onConflict?: OnConflict) =>
    api.post(
      '/api/items/move',
      { items, targetFolderId, ...(onConflict ? { onConflict } : {}) },
      { schema: bulkResultSchema },
    ),
  bulkCopy: (items: ItemRef[], targetFolderId: string) =>
    api.post('/api/items/copy', { items, targetFolderId }, { schema: bulkResultSchema }),
  bulkTrash: (items: ItemRef[]) => api.post('/api/items/trash', { items }, { schema: bulkResultSchema }),
  grant: (folderId: string, userId: string, permissionType: PermissionType, message?: string) =>
    api.put(
      `/api/folders/${enc(folderId)}/permissions/${enc(userId)}`,
      { permissionType, message },
      { schema: accessListSchema },
    ),
  /** Shares with the address: its account, or an invitation to sign up; the answer is the same either way. */
  shareByEmail: (folderId: string, email: string, permissionType: PermissionType, message?: string) =>
    api.post(
      `/api/folders/${enc(folderId)}/shares`,
      { email, permissionType, message },
      { schema: shareByEmailResultSchema },
    ),
  cancelPendingShare: (folderId: string, pendingId: string) =>
    api.delete(`/api/folders/${enc(folderId)}/pending-shares/${enc(pendingId)}`, undefined, {
      schema: pendingShareCancelledSchema,
    }),
  revoke: (folderId: string, userId: string) =>
    api.delete(`/api/folders/${enc(folderId)}/permissions/${enc(userId)}`, undefined, {
      schema: grantRevokedSchema,
    }),
  restore: (entryId: string, input: RestoreInput = {}) =>
    api.post(`/api/trash/${enc(entryId)}/restore`, input, { schema: restoreResultSchema }),
  deleteForGood: (entryId: string) =>
    api.delete(`/api/trash/${enc(entryId)}`, undefined, { schema: trashEntryDeletedSchema }),
  emptyTrash: () => api.delete('/api/trash', undefined, { schema: trashEmptiedSchema }),
  emptyMyTrash: () => api.delete('/api/trash/mine', undefined, { schema: myTrashEmptiedSchema }),
}

/** A write that refreshes the file manager's listings when it settles (success or not). */
export function useFilesMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  })
}

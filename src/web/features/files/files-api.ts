import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HomeView, ItemRef, OnConflict, RestoreInput } from '../../../shared/contract/files'
import type { StorageUsage } from '../../../shared/contract/files-responses'
import { api } from '../../lib/api'
import type {
  AccessList,
  BulkItemResult,
  FolderItem,
  FolderListing,
  HomeListing,
  Level,
  RestoreResult,
  SearchListing,
  ShareCandidates,
  Sorting,
  TrashContents,
  TrashEntry,
} from './files-types'

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

export function useHomeView(view: HomeView, sorting: Sorting, enabled = true) {
  return useQuery({
    queryKey: filesKeys.home(view, sorting),
    queryFn: ({ signal }) => api.get<HomeListing>('/api/folders', { signal, query: { view, ...sorting } }),
    enabled,
  })
}

/** The caller's storage used against their quota (null: none); refreshed with every file manager write. */
export function useStorageUsage() {
  return useQuery({
    queryKey: filesKeys.storage(),
    queryFn: ({ signal }) => api.get<StorageUsage>('/api/me/storage', { signal }),
  })
}

export function useFolderListing(id: string, sorting: Sorting) {
  return useQuery({
    queryKey: filesKeys.folder(id, sorting),
    queryFn: ({ signal }) =>
      api.get<FolderListing>(`/api/folders/${enc(id)}/children`, { signal, query: { ...sorting } }),
  })
}

/** A folder's listing without the hook, for the folder picker and the uploader. */
export function fetchFolderListing(id: string, signal?: AbortSignal) {
  return api.get<FolderListing>(`/api/folders/${enc(id)}/children`, signal ? { signal } : {})
}

/** `public`: only what lies in public folders (the e-book picker). */
export function useSearch(q: string, scope: 'all' | 'public' = 'all') {
  return useQuery({
    queryKey: [...filesKeys.search(q), scope],
    queryFn: ({ signal }) => api.get<SearchListing>('/api/items/search', { signal, query: { q, scope } }),
    enabled: q.trim().length > 0,
  })
}

export function useTrash() {
  return useQuery({
    queryKey: filesKeys.trash(),
    queryFn: ({ signal }) => api.get<{ items: TrashEntry[] }>('/api/trash', { signal }),
  })
}

export function useTrashEntry(id: string | null) {
  return useQuery({
    queryKey: filesKeys.trashEntry(id ?? ''),
    queryFn: ({ signal }) => api.get<TrashContents>(`/api/trash/${enc(id!)}`, { signal }),
    enabled: id !== null,
  })
}

export function useAccessList(folderId: string, enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.access(folderId),
    queryFn: ({ signal }) => api.get<AccessList>(`/api/folders/${enc(folderId)}/permissions`, { signal }),
    enabled,
  })
}

export function useShareCandidates(folderId: string, q: string) {
  return useQuery({
    queryKey: filesKeys.candidates(folderId, q),
    queryFn: ({ signal }) =>
      api.get<ShareCandidates>(`/api/folders/${enc(folderId)}/share-candidates`, {
        signal,
        query: { q },
      }),
    enabled: q.trim().length >= 2,
  })
}

// ---- Writes (plain functions; components wrap them in useFilesMutation)

export const filesApi = {
  createFolder: (input: { folder_name: string; parent_id?: string | null; type?: 'public' | 'locked' }) =>
    api.post<FolderItem>('/api/folders', input),
  renameFolder: (id: string, folder_name: string) => api.patch(`/api/folders/${enc(id)}`, { folder_name }),
  setFolderType: (id: string, type: 'public' | 'locked') => api.patch(`/api/folders/${enc(id)}`, { type }),
  renameFile: (id: string, filename: string) => api.patch(`/api/files/${enc(id)}`, { filename }),
  /** `targetFolderId: null` moves a folder to the top of My folders. */
  move: (ref: ItemRef, targetFolderId: string | null, onConflict?: OnConflict) =>
    api.post(`/api/${ref.type === 'folder' ? 'folders' : 'files'}/${enc(ref.id)}/move`, {
      targetFolderId,
      ...(onConflict ? { onConflict } : {}),
    }),
  bulkMove: (items: ItemRef[], targetFolderId: string, onConflict?: OnConflict) =>
    api.post<{ results: BulkItemResult[] }>('/api/items/move', {
      items,
      targetFolderId,
      ...(onConflict ? { onConflict } : {}),
    }),
  bulkCopy: (items: ItemRef[], targetFolderId: string) =>
    api.post<{ results: BulkItemResult[] }>('/api/items/copy', { items, targetFolderId }),
  bulkTrash: (items: ItemRef[]) => api.post<{ results: BulkItemResult[] }>('/api/items/trash', { items }),
  grant: (folderId: string, userId: string, permissionType: Level) =>
    api.put(`/api/folders/${enc(folderId)}/permissions/${enc(userId)}`, { permissionType }),
  /** Shares with whoever has the address; the answer is the same whether or not anyone has it. */
  shareByEmail: (folderId: string, email: string, permissionType: Level) =>
    api.post<{ email: string; permissionType: Level }>(`/api/folders/${enc(folderId)}/shares`, {
      email,
      permissionType,
    }),
  revoke: (folderId: string, userId: string) =>
    api.delete(`/api/folders/${enc(folderId)}/permissions/${enc(userId)}`),
  restore: (entryId: string, input: RestoreInput = {}) =>
    api.post<RestoreResult>(`/api/trash/${enc(entryId)}/restore`, input),
  deleteForGood: (entryId: string) => api.delete(`/api/trash/${enc(entryId)}`),
  emptyTrash: () => api.delete<{ deleted: number }>('/api/trash'),
}

/** A write that refreshes the file manager's listings when it settles (success or not). */
export function useFilesMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  })
}

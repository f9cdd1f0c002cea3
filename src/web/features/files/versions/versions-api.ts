import { useQuery } from '@tanstack/react-query'
import {
  fileVersionsSchema,
  versionDeletedSchema,
  versionRestoredSchema,
} from '../../../../shared/contract/file-versions'
import { api } from '../../../lib/api'
import { filesKeys } from '../files-api'

// A file's versions over HTTP (docs/decisions/0088). Under the file manager's query key, so every
// file manager write (a replacement, a restore) refreshes them too.

const enc = encodeURIComponent

export const versionsKey = (fileId: string) => [...filesKeys.all, 'versions', fileId] as const

export function useFileVersions(fileId: string) {
  return useQuery({
    queryKey: versionsKey(fileId),
    queryFn: ({ signal }) =>
      api.get(`/api/files/${enc(fileId)}/versions`, { signal, schema: fileVersionsSchema }),
  })
}

export const versionsApi = {
  downloadUrl: (fileId: string, versionId: string) =>
    `/api/files/${enc(fileId)}/versions/${enc(versionId)}/download`,
  restore: (a: { fileId: string; versionId: string }) =>
    api.post(`/api/files/${enc(a.fileId)}/versions/${enc(a.versionId)}/restore`, undefined, {
      schema: versionRestoredSchema,
    }),
  remove: (a: { fileId: string; versionId: string }) =>
    api.delete(`/api/files/${enc(a.fileId)}/versions/${enc(a.versionId)}`, undefined, {
      schema: versionDeletedSchema,
    }),
}

// The file manager's addresses. A folder is /files/<id>: the notifications module links there
// (NOTIFICATION_LINKS), and `?file=<id>` opens one file's preview (docs/product-notes.md, file manager).

export const FILES_PATH = '/files'
export const TRASH_PATH = '/files/trash'
export const SEARCH_PATH = '/files/search'

export const folderPath = (id: string) => `${FILES_PATH}/${encodeURIComponent(id)}`
export const filePath = (folderId: string, fileId: string) =>
  `${folderPath(folderId)}?file=${encodeURIComponent(fileId)}`

export const downloadUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/download`
export const previewUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/preview`
export const thumbnailUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/thumbnail`
export const zipUrl = (folderId: string) => `/api/folders/${encodeURIComponent(folderId)}/zip`

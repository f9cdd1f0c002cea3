import { createContext, type ReactNode, useContext } from 'react'
import { downloadUrl, FILES_PATH, folderPath, previewUrl, thumbnailUrl, zipUrl } from './paths'

// Where the file manager's shared pieces (the listing, the preview dialog, the zip download, the
// breadcrumbs) send the browser. The signed-in file manager uses its own addresses; a share link's
// page gives the link's (/s/:token for folders, /api/s/:token/… for bytes), so visitors get the same
// UI without an account and nothing outside the link is ever addressed.

export interface FileAddresses {
  /** The page of a folder. */
  folderPage: (folderId: string) => string
  preview: (fileId: string) => string
  download: (fileId: string) => string
  /** A grid thumbnail, or null where there is none (the file's icon is shown). */
  thumbnail: (fileId: string) => string | null
  zip: (folderId: string) => string
  /** The breadcrumbs' first link ("Files"), or null when the trail starts at its first crumb. */
  root: { label: string; href: string } | null
}

export const ownFileAddresses: FileAddresses = {
  folderPage: folderPath,
  preview: previewUrl,
  download: downloadUrl,
  thumbnail: thumbnailUrl,
  zip: zipUrl,
  root: { label: 'Files', href: FILES_PATH },
}

const FileAddressesContext = createContext<FileAddresses>(ownFileAddresses)

export function FileAddressesProvider({ value, children }: { value: FileAddresses; children: ReactNode }) {
  return <FileAddressesContext value={value}>{children}</FileAddressesContext>
}

export function useFileAddresses(): FileAddresses {
  return useContext(FileAddressesContext)
}

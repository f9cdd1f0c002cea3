// Thin route module: the page lives in features/files.
import { FolderPage as Page } from '../features/files/folder-page'
import { signedInOnly } from '../features/files/signed-in-only'

export const FolderPage = signedInOnly(Page)

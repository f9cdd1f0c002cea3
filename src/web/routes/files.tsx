// Thin route module: the file manager lives in features/files.
import { FilesHomePage } from '../features/files/files-home-page'
import { signedInOnly } from '../features/files/signed-in-only'

export const FilesPage = signedInOnly(FilesHomePage)

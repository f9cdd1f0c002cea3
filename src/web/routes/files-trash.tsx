// Thin route module: the page lives in features/files.
import { signedInOnly } from '../features/files/signed-in-only'
import { TrashPage as Page } from '../features/files/trash-page'

export const TrashPage = signedInOnly(Page)

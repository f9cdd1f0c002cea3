// Thin route module: the page lives in features/files.
import { SearchPage as Page } from '../features/files/search-page'
import { signedInOnly } from '../features/files/signed-in-only'

export const SearchPage = signedInOnly(Page)

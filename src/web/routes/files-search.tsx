// Thin route module: the page lives in features/files.
export { SearchPage } from '../features/files/search-page'

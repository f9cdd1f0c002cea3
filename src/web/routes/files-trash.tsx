// Thin route module: the page lives in features/files.
export { TrashPage } from '../features/files/trash-page'

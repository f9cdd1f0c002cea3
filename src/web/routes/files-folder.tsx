// Thin route module: the page lives in features/files.
export { FolderPage } from '../features/files/folder-page'

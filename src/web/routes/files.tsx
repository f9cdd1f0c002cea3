// Thin route modules: the file manager lives in features/files.
export { FilesHomePage as FilesPage } from '../features/files/files-home-page'

// Thin route module: the page lives in features/inbox.
export { EbookDownloadPage } from '../features/inbox/ebook-link-page'

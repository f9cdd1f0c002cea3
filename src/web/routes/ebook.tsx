// Thin route module: the page lives in features/inbox.
export { EbookPage } from '../features/inbox/ebook-page'

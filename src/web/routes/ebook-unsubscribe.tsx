// Thin route module: the page lives in features/inbox.
export { EbookUnsubscribePage } from '../features/inbox/ebook-link-page'

// Thin route module: the page lives in features/inbox.
export { QuotePage } from '../features/inbox/quote-page'

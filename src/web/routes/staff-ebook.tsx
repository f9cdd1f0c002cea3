// Thin route module: the page lives in features/inbox-staff.
export { EbookListPage } from '../features/inbox-staff/ebook-list-page'

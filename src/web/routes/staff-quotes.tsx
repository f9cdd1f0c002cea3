// Thin route module: the page lives in features/inbox-staff.
export { QuotesPage } from '../features/inbox-staff/triage-pages'

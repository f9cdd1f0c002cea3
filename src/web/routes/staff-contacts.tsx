// Thin route module: the page lives in features/inbox-staff.
export { ContactsPage } from '../features/inbox-staff/triage-pages'

// Thin route module: the page lives in features/inbox-staff.
export { PrivacyPage } from '../features/inbox-staff/privacy-page'

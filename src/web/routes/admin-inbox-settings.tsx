// Thin route module: the page lives in features/inbox-staff.
export { InboxSettingsPage } from '../features/inbox-staff/inbox-settings-page'

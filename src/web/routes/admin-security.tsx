// Thin route module: the page lives in features/admin.
export { SecuritySettingsPage } from '../features/admin/security-settings-page'

// Thin route module: the page lives in features/accounts.
export { ProfilePage } from '../features/accounts/profile-page'

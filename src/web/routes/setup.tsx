// Thin route module: the page lives in features/accounts.
export { SetupPage } from '../features/accounts/setup-page'

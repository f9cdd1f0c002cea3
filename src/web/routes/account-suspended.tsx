// Thin route module: the page lives in features/accounts.
export { AccountSuspendedPage } from '../features/accounts/account-suspended-page'

// Thin route module: the page lives in features/accounts.
export { SignInPage } from '../features/accounts/sign-in-page'

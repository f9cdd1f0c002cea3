// Thin route module: the page lives in features/accounts.
export { SignUpPage } from '../features/accounts/sign-up-page'

// Thin route module: the page lives in features/accounts.
export { VerifyEmailPage } from '../features/accounts/verify-email-page'

// Thin route module: the page lives in features/accounts.
export { ResetPasswordPage } from '../features/accounts/reset-password-page'

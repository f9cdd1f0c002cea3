// Thin route module: the page lives in features/accounts.
export { ForgotPasswordPage } from '../features/accounts/forgot-password-page'

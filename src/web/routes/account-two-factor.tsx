// Thin route module: the page lives in features/accounts.
export { TwoFactorEnrolPage } from '../features/accounts/two-factor-enrol-page'

// Thin route module: the page lives in features/accounts.
export { AcceptInvitationPage } from '../features/accounts/accept-invitation-page'

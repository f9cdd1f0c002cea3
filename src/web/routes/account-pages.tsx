import type { RouteObject } from 'react-router'

// Accounts: sign-in, sign-up, the pages mail links open, the profile, first-run setup.
// A part of the route table (route-table.tsx): every page is a chunk of its own, loaded when first visited.

export const accountPages: RouteObject[] = [
  // Accounts: sign-in, sign-up, the pages mail links open, the profile, first-run setup.
  {
    path: 'sign-in',
    lazy: () =>
      import('../features/accounts/sign-in/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: 'sign-up',
    lazy: () =>
      import('../features/accounts/sign-up/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
  },
  {
    path: 'verify-email',
    lazy: () =>
      import('../features/accounts/sign-up/verify-email-page').then((m) => ({
        Component: m.VerifyEmailPage,
      })),
  },
  {
    path: 'claim-account',
    lazy: () =>
      import('../features/accounts/sign-up/claim-account-page').then((m) => ({
        Component: m.ClaimAccountPage,
      })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('../features/accounts/sign-in/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('../features/accounts/sign-in/reset-password-page').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: 'account-suspended',
    lazy: () =>
      import('../features/accounts/sessions/account-suspended-page').then((m) => ({
        Component: m.AccountSuspendedPage,
      })),
  },
  {
    path: 'accept-invitation',
    lazy: () =>
      import('../features/accounts/sign-up/accept-invitation-page').then((m) => ({
        Component: m.AcceptInvitationPage,
      })),
  },
  {
    path: 'profile',
    lazy: () =>
      import('../features/accounts/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'account/two-factor',
    lazy: () =>
      import('../features/accounts/two-factor/two-factor-enrol-page').then((m) => ({
        Component: m.TwoFactorEnrolPage,
      })),
  },
  {
    path: 'setup',
    lazy: () => import('../features/accounts/sign-up/setup-page').then((m) => ({ Component: m.SetupPage })),
  },
]

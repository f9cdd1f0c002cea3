import type { OidcAccount } from '../../test/support/oidc-provider'

// The one person the browser tests' OpenID provider knows (global-setup.ts starts it), and the name
// the app shows for the provider ("Continue with Acme SSO").

export const E2E_OIDC_NAME = 'Acme SSO'

export const E2E_OIDC_ACCOUNT = {
  sub: 'e2e-grace',
  email: 'grace.hopper@sso.example.test',
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  name: 'Grace Hopper',
} as const satisfies OidcAccount

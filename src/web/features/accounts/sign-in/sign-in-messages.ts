import type { SignInErrorCode } from '../../../../shared/contract/accounts'

// What the sign-in page says when Auth.js refuses, by its `error` type and our `code`
// (SIGN_IN_ERROR_CODES). A wrong e-mail and a wrong password read the same: the page never reveals
// whether an address is registered.

export interface SignInProblem {
  title: string
  detail: string
  /** The e-mail is not confirmed yet: offer to send the link again. */
  offerResend?: boolean
  /** Point to the password reset. */
  offerReset?: boolean
  /** The password (or provider) was right: ask for the second factor. */
  twoFactor?: boolean
  /** Not a failure but the next step (shown as information). */
  nextStep?: boolean
}

const BY_CODE: Record<SignInErrorCode, SignInProblem> = {
  invalid_credentials: {
    title: 'Wrong e-mail or password',
    detail: 'Check both and try again. If you have forgotten your password, you can reset it.',
    offerReset: true,
  },
  email_not_verified: {
    title: 'Confirm your e-mail address first',
    detail:
      'We sent you a link when you signed up. Open it to confirm your address, then sign in. Can’t find it? We can send a new one.',
    offerResend: true,
  },
  restricted: {
    title: 'This account is suspended',
    detail:
      'An administrator has restricted this account, so it cannot sign in. Contact us if you think this is a mistake.',
  },
  rate_limited: {
    title: 'Too many attempts',
    detail:
      'For your security, sign-in is paused after several failed attempts. Wait 15 minutes and try again, or reset your password.',
    offerReset: true,
  },
  provider_email_missing: {
    title: 'Your provider did not share an e-mail address',
    detail:
      'We need an e-mail address to create your account. Allow the provider to share it and try again, or sign up with your e-mail and a password.',
  },
  two_factor_required: {
    title: 'Enter your sign-in code',
    detail:
      'This account has two-factor sign-in. Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    twoFactor: true,
    nextStep: true,
  },
  two_factor_invalid: {
    title: 'That code is not right',
    detail:
      'Enter the code your authenticator app shows now (check the time on your phone), or an unused recovery code.',
    twoFactor: true,
  },
  two_factor_expired: {
    title: 'Sign in again',
    detail: 'The sign-in took too long to finish. Please start again.',
  },
}

const isCode = (code: string | undefined): code is SignInErrorCode =>
  code !== undefined && Object.hasOwn(BY_CODE, code)

/** The message for Auth.js's `error` (and our `code`), or undefined when there is none. */
export function signInProblem(
  error: string | null | undefined,
  code?: string | null,
): SignInProblem | undefined {
  if (!error) return undefined
  const known = code ?? undefined
  if (isCode(known)) return BY_CODE[known]
  switch (error) {
    case 'CredentialsSignin':
      return BY_CODE.invalid_credentials
    case 'OAuthAccountNotLinked':
      return {
        title: 'This e-mail already has an account',
        detail:
          'Sign in with your e-mail and password first. Then connect the provider from your profile, and use either from then on.',
      }
    case 'AccessDenied':
      return {
        title: 'Sign-in was refused',
        detail: 'The sign-in did not go through. Try again, or sign in with your e-mail and password.',
      }
    case 'MissingCSRF':
      return {
        title: 'The page expired',
        detail: 'This page was open for a long time. Please try again.',
      }
    case 'OAuthCallbackError':
    case 'OAuthSignInError':
    case 'OAuthProfileParseError':
    case 'CallbackRouteError':
    case 'InvalidCheck':
    case 'Verification':
      return {
        title: 'Sign-in did not finish',
        detail: 'The sign-in with your provider was cancelled or could not be completed. Please try again.',
      }
    default:
      return {
        title: 'Sign-in is not available right now',
        detail: 'Something went wrong on our side. Please try again in a few minutes.',
      }
  }
}

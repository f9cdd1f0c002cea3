import { authCsrfSchema, authRedirectSchema } from '../../../shared/contract/auth'
import { ApiError, api } from '../../lib/api'
import { type AuthOutcome, readAuthRedirect } from './sign-in/auth-redirect'

// Auth.js's standard calls under /api/auth (product.md §1), from the browser. The POSTs are
// form-encoded with a csrfToken and a callbackUrl, as Auth.js expects. They go through fetch with
// `X-Auth-Return-Redirect`, which makes Auth.js answer `{ url }` instead of a redirect: the strict CSP
// (form-action 'self') would stop a plain form from following a redirect to an identity provider,
// and reading the URL lets the page show why a sign-in was refused without leaving it.

const AUTH = '/api/auth'

async function postAuthForm(action: string, fields: Record<string, string>): Promise<string> {
  const { csrfToken } = await api.get(`${AUTH}/csrf`, { schema: authCsrfSchema })
  let response: Response
  try {
    response = await fetch(`${AUTH}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Auth-Return-Redirect': '1',
      },
      body: new URLSearchParams({ ...fields, csrfToken }),
    })
  } catch {
    throw new ApiError({
      status: 0,
      code: 'network_error',
      title: 'Could not reach the site',
      detail: 'Check your internet connection, then try again.',
    })
  }
  const parsed = response.ok
    ? authRedirectSchema.safeParse(await response.json().catch(() => null))
    : undefined
  if (!parsed?.success) {
    throw new ApiError({
      status: response.status,
      code: response.status === 429 ? 'rate_limited' : 'internal_error',
      title: 'Sign-in is not available right now',
      detail: 'Something went wrong on our side. Please try again in a few minutes.',
      requestId: response.headers.get('x-request-id') ?? undefined,
    })
  }
  return parsed.data.url
}

/**
 * POST /api/auth/callback/credentials. Sets the session cookie on success. `code` is the second factor
 * of an account that has one; after an identity provider, the `ticket` it handed out replaces the
 * e-mail and password.
 */
export async function signInWithPassword(
  input: ({ email: string; password: string } | { ticket: string }) & { code?: string; callbackUrl: string },
): Promise<AuthOutcome> {
  const fields = Object.entries(input).filter((entry): entry is [string, string] => entry[1] !== undefined)
  try {
    const url = await postAuthForm('callback/credentials', Object.fromEntries(fields))
    return readAuthRedirect(url, window.location.origin)
  } catch (error) {
    // The sign-in throttle answers 429: the page explains it like any other refusal.
    if (error instanceof ApiError && error.status === 429)
      return { kind: 'error', error: 'CredentialsSignin', code: 'rate_limited' }
    throw error
  }
}

/**
 * POST /api/auth/signin/:provider: where the provider's login page is. The caller sends the browser
 * there (`window.location.assign`). Signed in, the same call connects the provider to the account.
 */
export async function startProviderSignIn(providerId: string, callbackUrl: string): Promise<AuthOutcome> {
  const url = await postAuthForm(`signin/${encodeURIComponent(providerId)}`, { callbackUrl })
  return readAuthRedirect(url, window.location.origin)
}

/** POST /api/auth/signout: ends the session on the server (the cookie alone proves nothing after). */
export async function signOut(): Promise<void> {
  await postAuthForm('signout', { callbackUrl: '/' })
}

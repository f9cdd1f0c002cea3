import { safeReturnPath } from '../../../../shared/return-path'

// Where sign-in sends people, and what Auth.js's answers mean. Pure functions: no window, no React.

/**
 * A `callbackUrl` made safe: only a path on this site. The rule is shared with the server, which puts
 * it into verification links (src/shared/return-path.ts).
 */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/'): string {
  return safeReturnPath(raw, fallback)
}

/** The sign-in page, coming back to `callbackPath` afterwards (left out when it is the home page). */
export function signInPath(callbackPath?: string): string {
  const back = safeCallbackPath(callbackPath, '/')
  return back === '/' ? '/sign-in' : `/sign-in?callbackUrl=${encodeURIComponent(back)}`
}

/** Auth.js's verdict on a sign-in, read from the URL it answers with. */
export type AuthOutcome =
  | { kind: 'signed-in'; path: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'error'; error: string; code: string | undefined }

/**
 * Reads the `url` Auth.js answers with (`X-Auth-Return-Redirect`). An `error` parameter on our own
 * origin is a refusal (`/sign-in?error=CredentialsSignin&code=invalid_credentials`); another URL on our
 * origin is where to go next; a URL elsewhere is the identity provider's page, for the browser to open.
 */
export function readAuthRedirect(url: string, origin: string): AuthOutcome {
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return { kind: 'error', error: 'Configuration', code: undefined }
  }
  if (parsed.origin !== new URL(origin).origin) return { kind: 'redirect', url: parsed.href }
  const error = parsed.searchParams.get('error')
  if (error) return { kind: 'error', error, code: parsed.searchParams.get('code') ?? undefined }
  return { kind: 'signed-in', path: safeCallbackPath(`${parsed.pathname}${parsed.search}${parsed.hash}`) }
}

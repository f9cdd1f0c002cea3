// Where sign-in sends people, and what Auth.js's answers mean. Pure functions: no window, no React.

/** Pages that make no sense to come back to after signing in (they would only loop or confuse). */
const NO_RETURN = [
  '/sign-in',
  '/sign-up',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/setup',
  '/accept-invitation',
]

const PLACEHOLDER_ORIGIN = 'https://placeholder.invalid'

/**
 * A `callbackUrl` made safe: only a path on this site (`/files?x=1#y`). Absolute URLs, protocol-relative
 * `//evil.example`, backslash tricks and the sign-in pages themselves give the fallback, so a crafted
 * link cannot send someone to another site after they sign in.
 */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback
  // Control characters are stripped by URL parsers, turning "/\t/evil" into "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback
  let url: URL
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback
  if (NO_RETURN.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return fallback
  return `${url.pathname}${url.search}${url.hash}`
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

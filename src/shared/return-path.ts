// Where a person may be sent back to after signing up, confirming an address or signing in: a path on
// this site only. Shared, so the server builds mail links with the same rule the browser follows.

/** Pages that make no sense to come back to after signing in (they would only loop or confuse). */
const NO_RETURN = [
  '/sign-in',
  '/sign-up',
  '/verify-email',
  '/claim-account',
  '/forgot-password',
  '/reset-password',
  '/setup',
  '/accept-invitation',
]

const PLACEHOLDER_ORIGIN = 'https://placeholder.invalid'

/**
 * A `callbackUrl` made safe: only a path on this site (`/files?x=1#y`). Absolute URLs, protocol-relative
 * `//evil.example`, backslash tricks and the sign-in pages themselves give the fallback, so a crafted
 * link cannot send someone to another site (an open redirect).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
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

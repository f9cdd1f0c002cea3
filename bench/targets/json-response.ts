/**
 * The response the baseline targets send: the same bytes GET /healthz answers with in the Depot app
 * (its body, Content-Type, request id and security headers), but with every value fixed in advance.
 * Keeping the wire size equal means the ratios measure work, not bytes.
 */
export const JSON_BODY = JSON.stringify({ status: 'ok' })

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'X-Request-Id': '00000000-0000-4000-8000-000000000000',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

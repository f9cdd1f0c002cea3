import type { MiddlewareHandler } from 'hono'

export interface SecurityHeaderOptions {
  /** HSTS is only meaningful (and only sent) when the public origin is https. */
  https: boolean
  /** Extra CSP sources per directive, e.g. an identity provider for form-action. */
  extraSources?: Partial<
    Record<'script-src' | 'connect-src' | 'frame-src' | 'img-src' | 'form-action', string[]>
  >
}

/**
 * Security headers on every response (docs/decisions/0011). The CSP allows no inline script at all;
 * inline styles are allowed because the UI primitives set style attributes. A route that must relax
 * the policy (the API reference page) sets its own Content-Security-Policy, which replaces this one.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const extra = options.extraSources ?? {}
  const join = (base: string[], key: keyof NonNullable<SecurityHeaderOptions['extraSources']>) =>
    [...base, ...(extra[key] ?? [])].join(' ')
  const csp = [
    "default-src 'self'",
    `script-src ${join(["'self'"], 'script-src')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join(["'self'", 'data:', 'blob:'], 'img-src')}`,
    "font-src 'self'",
    `connect-src ${join(["'self'"], 'connect-src')}`,
    `frame-src ${join(["'self'"], 'frame-src')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${join(["'self'"], 'form-action')}`,
    "frame-ancestors 'none'",
  ].join('; ')

  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ]
  if (options.https) fixed.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'])

  // Set before the handler, so a response built with c.json()/c.body() already carries them and is
  // never rebuilt on the way out. A handler that returns its own Response object does not see
  // headers set on the context: those get them added afterwards.
  return async (c, next) => {
    c.header('Content-Security-Policy', csp)
    for (const [name, value] of fixed) c.header(name, value)
    await next()
    const h = c.res.headers
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp)
    for (const [name, value] of fixed) if (!h.has(name)) h.set(name, value)
  }
}

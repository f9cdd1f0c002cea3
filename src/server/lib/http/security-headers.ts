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
 * the policy (the API reference page) sets its own Content-Security-Policy, which is left alone.
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

  return async (c, next) => {
    await next()
    const h = c.res.headers
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    if (options.https) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  }
}

import { Auth } from '@auth/core'
import type { Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../deps'
import { HttpProblem, problems } from '../../lib/http/problem'
import { type AnyRoute, defineRoute } from '../../lib/http/route'
import { AUTH_BASE_PATH, type AuthRequestContext, buildAuthConfig } from './auth-config'
import { clientInfo } from './client-info'

// Auth.js's standard calls (seed-spec §7, product.md §1), each declared in the route table like any
// other route. Auth.js checks its own csrfToken on every POST, which is why they are CSRF-exempt here.
// Its error answers become problems (application/problem+json) like every other error.

const AUTHJS_CSRF = 'Auth.js endpoint: it verifies its own double-submit csrfToken on every POST'

async function runAuth(c: Context<AppEnv>): Promise<Response> {
  const deps = c.var.deps
  // Rebuild the request on our public origin: Auth.js then builds every URL from AUTH_URL and never
  // from a client's Host or X-Forwarded-* headers.
  const incoming = new URL(c.req.url)
  const url = new URL(incoming.pathname + incoming.search, deps.env.authUrl.origin)
  const headers = new Headers(c.req.raw.headers)
  for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded'])
    headers.delete(name)
  headers.set('host', deps.env.authUrl.host)
  const body = c.req.method === 'POST' ? await c.req.arrayBuffer() : undefined
  const request = new Request(url, { method: c.req.method, headers, body })

  const session = c.var.session
  const ctx: AuthRequestContext = {
    client: clientInfo(c),
    current:
      session?.via === 'cookie'
        ? { sessionId: session.id, userId: session.user.id, token: session.token }
        : undefined,
  }
  const response = await Auth(request, buildAuthConfig(deps, ctx))
  // A throttled sign-in is a 429 with Retry-After like every other rate limit, not a redirect.
  if (ctx.throttledFor !== undefined) {
    await response.body?.cancel()
    throw problems.rateLimited(
      ctx.throttledFor,
      'Too many sign-in attempts. For your security, sign-in is paused for a while: try again later, or reset your password.',
    )
  }
  if (response.status >= 400) {
    await response.body?.cancel()
    throw authjsProblem(response.status)
  }
  // Auth.js answers with its own headers; ours (request id, security headers) are added on the way out.
  return new Response(response.body, { status: response.status, headers: response.headers })
}

const throttled: Record<number, { description: string }> = {
  429: { description: '`rate_limited`: too many sign-in attempts (with Retry-After)' },
}

/**
 * Auth.js answers its own errors (a request it cannot read, its configuration) with plain JSON; they
 * leave as problems like every other error. What went wrong is in Auth.js's log line, not the answer.
 */
function authjsProblem(status: number): HttpProblem {
  if (status >= 500)
    return new HttpProblem(500, 'internal_error', 'Sign-in is not working right now. Try again later.')
  if (status === 400)
    return problems.badRequest('The sign-in request could not be read. Reload the page and try again.')
  return new HttpProblem(status, 'bad_request', 'The sign-in request was refused.')
}

const providerParam = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/) })
const authjs = (method: 'get' | 'post', action: string, summary: string, params?: z.ZodType): AnyRoute =>
  defineRoute({
    method,
    path: `${AUTH_BASE_PATH}/${action}`,
    summary,
    tags: ['auth'],
    access: 'public',
    request: { params, bodyType: 'form', maxBodyBytes: 16 * 1024 },
    csrfExempt: method === 'post' ? AUTHJS_CSRF : undefined,
    responses: {
      200: { description: 'Auth.js response' },
      302: { description: 'Redirect' },
      ...(method === 'post' && action === 'callback/:provider' ? throttled : {}),
    },
    handler: (c) => runAuth(c),
  })

export const authRoutes: AnyRoute[] = [
  authjs('get', 'session', 'The current session (Auth.js), or null'),
  authjs('get', 'csrf', 'A csrfToken for the Auth.js POSTs (sets its cookie)'),
  authjs('get', 'providers', 'The sign-in providers that are configured'),
  authjs('get', 'signin', 'Redirects to the sign-in page'),
  authjs('get', 'signout', 'Redirects to the sign-in page'),
  authjs('get', 'error', 'Redirects to the sign-in page with the error'),
  authjs(
    'post',
    'signin/:provider',
    'Starts sign-in with a provider (form: csrfToken, callbackUrl)',
    providerParam,
  ),
  authjs('get', 'callback/:provider', 'Where an identity provider returns the user', providerParam),
  authjs(
    'post',
    'callback/:provider',
    'Credentials sign-in (form: csrfToken, email, password, callbackUrl; code for two-factor accounts, or ticket + code after an identity provider)',
    providerParam,
  ),
  authjs('post', 'signout', 'Ends the session (form: csrfToken, callbackUrl)'),
]

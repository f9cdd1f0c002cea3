import { Auth } from '@auth/core'
import type { Context } from 'hono'
import { z } from 'zod'
import {
  authCsrfSchema,
  authProvidersSchema,
  authRedirectSchema,
  authSessionSchema,
} from '../../../../shared/contract/auth'
import type { AppEnv } from '../../../deps'
import { locationHeader } from '../../../lib/http/documented-headers'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { type AnyRoute, defineRoute, type RouteResponse } from '../../../lib/http/route'
import { clientInfo } from '../client-info'
import { AUTH_BASE_PATH, type AuthRequestContext, buildAuthConfig } from './auth-config'

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

const throttled = {
  429: { description: '`rate_limited`: too many sign-in attempts (with Retry-After)' },
}
const redirect = { 302: { description: 'A redirect', headers: locationHeader('Where to go next') } }
/** The POSTs: a redirect, or its URL as JSON when sent with `X-Auth-Return-Redirect: 1` (the web app). */
const redirectOrUrl = {
  200: {
    description: 'Where to go next, for `X-Auth-Return-Redirect: 1`',
    schema: authRedirectSchema,
    headers: { Location: { description: 'The same URL' } },
  },
  ...redirect,
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
const authjs = (
  method: 'get' | 'post',
  action: string,
  summary: string,
  responses: Record<number, RouteResponse>,
  params?: z.ZodType,
): AnyRoute =>
  defineRoute({
    method,
    path: `${AUTH_BASE_PATH}/${action}`,
    summary,
    tags: ['auth'],
    access: 'public',
    csrfExempt: method === 'post' ? AUTHJS_CSRF : undefined,
    request: {
      params,
      bodyType: 'form',
      maxBodyBytes: 16 * 1024,
      ...(method === 'post' ? { headers: returnRedirectHeader } : {}),
    },
    responses: {
      ...responses,
      400: { description: 'A request Auth.js could not read or refused' },
    },
    handler: (c) => runAuth(c),
  })

const returnRedirectHeader = {
  'X-Auth-Return-Redirect': { description: '`1`: answer 200 with `{ url }` instead of a redirect' },
}

export const authRoutes: AnyRoute[] = [
  authjs('get', 'session', 'The current session (Auth.js), or null', {
    200: { description: 'The session, or null', schema: authSessionSchema },
  }),
  authjs('get', 'csrf', 'A csrfToken for the Auth.js POSTs (sets its cookie)', {
    200: { description: 'The token', schema: authCsrfSchema },
  }),
  authjs('get', 'providers', 'The sign-in providers that are configured', {
    200: { description: 'The providers, by id', schema: authProvidersSchema },
  }),
  authjs('get', 'signin', 'Redirects to the sign-in page', redirect),
  authjs('get', 'signout', 'Auth.js’s sign-out confirmation page', {
    200: { description: 'An HTML page', contentType: 'text/html' },
    ...redirect,
  }),
  authjs('get', 'error', 'Redirects to the sign-in page with the error', redirect),
  authjs(
    'post',
    'signin/:provider',
    'Starts sign-in with a provider (form: csrfToken, callbackUrl)',
    redirectOrUrl,
    providerParam,
  ),
  authjs('get', 'callback/:provider', 'Where an identity provider returns the user', redirect, providerParam),
  authjs(
    'post',
    'callback/:provider',
    'Credentials sign-in (form: csrfToken, email, password, callbackUrl; code for two-factor accounts, or ticket + code after an identity provider)',
    { ...redirectOrUrl, ...throttled },
    providerParam,
  ),
  authjs('post', 'signout', 'Ends the session (form: csrfToken, callbackUrl)', redirectOrUrl),
]

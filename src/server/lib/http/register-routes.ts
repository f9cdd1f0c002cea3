import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import type { AppEnv } from '../../deps'
import { decideRouteAccess, decideTokenScope, type RequestCredentials } from '../../policies/route-access'
import { checkBearer } from './bearer'
import { assertMediaType, assertSameOrigin } from './csrf'
import { HttpProblem, problems } from './problem'
import { type AnyRoute, successStatus } from './route'
import { fieldErrors } from './validation'

/**
 * Mounts the route table on a Hono app. Order per request: body size limit, CSRF proof, access (the
 * route's, then an access token's scope), media type, input validation, handler, presentation.
 * Handlers see only validated input.
 */
export interface RouteOptions {
  /** Default request body cap for JSON routes (MAX_JSON_BODY_BYTES). */
  maxJsonBodyBytes: number
  /** The public origin (AUTH_URL) that state-changing requests must come from. */
  allowedOrigin: string
}

export function registerRoutes(app: Hono<AppEnv>, routes: readonly AnyRoute[], options: RouteOptions): void {
  for (const route of routes) {
    const limit = route.request?.maxBodyBytes ?? options.maxJsonBodyBytes
    // Upload routes (raw/multipart) stream their bodies and enforce their own limits before reading.
    const bodyType = route.request?.bodyType ?? 'json'
    // A GET carries no body; asking for one would make @hono/node-server build a full web Request
    // from the Node request, which cost a quarter of a /healthz request's CPU in bench/.
    const hasBody = route.method !== 'get' && route.method !== 'options'
    const limitBody: MiddlewareHandler<AppEnv> =
      hasBody && (bodyType === 'json' || bodyType === 'form')
        ? bodyLimit({
            maxSize: limit,
            onError: () => {
              throw problems.tooLarge(`The request body is larger than ${limit} bytes.`)
            },
          })
        : (_c, next) => next()
    app.on(route.method.toUpperCase(), [route.path], limitBody, async (c) => {
      const actor = c.var.caller
      const token = actor.kind === 'user' ? actor.token : undefined
      assertSameOrigin(c, route, options.allowedOrigin, token !== undefined)

      const decision = decideRouteAccess(route.access, actor, requestCredentials(route, c))
      if (decision === 'notFound') throw problems.notFound(`No route for ${c.req.method} ${c.req.path}.`)
      if (decision === 'unauthenticated') throw unauthenticatedFor(route)
      if (decision === 'forbidden') throw problems.forbidden()
      if (decision === 'enrolTwoFactor') throw problems.enrolTwoFactor()
      if (decideTokenScope(actor, c.req.method) === 'forbidden') {
        throw problems.forbidden('This access token is read-only: it cannot change anything.')
      }
      if (token && route.sessionOnly) throw problems.forbidden(route.sessionOnly)
      assertMediaType(c, route)

      const params = parseParams(route, c)
      // Query and body are checked together so a form learns everything that is wrong at once.
      const errors: Record<string, string[]> = {}
      const query = parsePart(route.request?.query, c.req.query(), 'query', errors)
      const body = parsePart(route.request?.body, await readJsonBody(route, c), '', errors)
      if (Object.keys(errors).length > 0) throw problems.validation(errors)
      const input = { params, query, body }
      const cacheControl = cacheControlFor(route, c)
      // Set before the handler so c.json()/c.body() carry it; the handler's own header wins.
      if (cacheControl) c.header('Cache-Control', cacheControl)
      const result = await route.handler(c, input)
      if (result instanceof Response) {
        if (cacheControl && !result.headers.has('Cache-Control'))
          result.headers.set('Cache-Control', cacheControl)
        return result
      }
      const status = successStatus(route)
      if (result === undefined || status === 204) return c.body(null, 204)
      return c.json(result as object, status as 200)
    })
  }
}

/** The facts a route's access needs besides the caller: only what it declares is checked. */
function requestCredentials(route: AnyRoute, c: Context<AppEnv>): RequestCredentials {
  if (route.access !== 'metricsScraper') return { duringTwoFactorEnrolment: route.duringTwoFactorEnrolment }
  return { metricsToken: checkBearer(c.req.header('authorization'), c.var.deps.env.metricsToken) }
}

function unauthenticatedFor(route: AnyRoute): HttpProblem {
  if (route.access !== 'metricsScraper') return problems.unauthenticated()
  return new HttpProblem(
    401,
    'unauthenticated',
    'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
    undefined,
    { 'WWW-Authenticate': 'Bearer realm="metrics"' },
  )
}

/** The route's declared caching, else no-store for anything personal: a signed-in caller or a non-public route. */
function cacheControlFor(route: AnyRoute, c: Context<AppEnv>): string | undefined {
  if (route.cacheControl) return route.cacheControl
  if (route.access !== 'public' || c.var.caller.kind !== 'anonymous') return 'no-store'
  return undefined
}

function parseParams(route: AnyRoute, c: Context): unknown {
  const schema = route.request?.params as z.ZodType | undefined
  if (!schema) return undefined
  const parsed = schema.safeParse(c.req.param())
  // A malformed id can never name something that exists: answer as for any unknown resource.
  if (!parsed.success) throw problems.notFound()
  return parsed.data
}

function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  prefix: string,
  errors: Record<string, string[]>,
): unknown {
  if (!schema) return undefined
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  Object.assign(errors, fieldErrors(parsed.error, prefix))
  return undefined
}

async function readJsonBody(route: AnyRoute, c: Context): Promise<unknown> {
  if (!route.request?.body || (route.request.bodyType ?? 'json') !== 'json') return undefined
  const text = await c.req.text()
  try {
    return text.trim() === '' ? undefined : JSON.parse(text)
  } catch {
    throw problems.badRequest('The request body is not valid JSON.')
  }
}

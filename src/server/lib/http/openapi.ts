import { z } from 'zod'
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../../shared/contract/problem'
import { describeRouteAccess } from '../../policies/route-access'
import { type AnyRoute, type HeaderDef, type RouteResponse, UNSAFE_METHODS } from './route'

type JsonSchema = Record<string, unknown>

/** Where the document says the API is served, and how the session cookie is named there. */
export interface OpenApiServer {
  /** The public origin (AUTH_URL). */
  url: string
  sessionCookieName: string
}

const TEXT_TYPES = /^text\/|^application\/(json|problem\+json|javascript|xml)$/

/**
 * The OpenAPI 3.1 document, generated from the route table: the same zod schemas that validate
 * requests describe them here, so the document cannot drift from the code. Besides each route's own
 * answers it lists those the request machinery gives every route of its kind (machineryResponses),
 * and every error is a Problem.
 */
export function buildOpenApiDocument(
  routes: readonly AnyRoute[],
  info: { title: string; version: string },
  server: OpenApiServer,
) {
  const components: Record<string, JsonSchema> = {}
  const toSchema: ToSchema = (schema, io) => {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
    return hoistDefinitions(json, components)
  }
  // Problem carries an id, so converting it files its definition under components.schemas.Problem.
  toSchema(problemSchema, 'output')

  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const entry = paths[openApiPath] ?? {}
    entry[route.method] = routeOperation(route, openApiPath, toSchema)
    paths[openApiPath] = entry
  }

  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The HTTP API of Depot, generated from its route table. Errors are `application/problem+json`. ' +
        'Scripts call it with a personal access token (`bearerAuth`); the web app with its session cookie.',
      license: {
        name: 'Proprietary: all rights reserved by the business that runs this Depot',
        url: `${server.url}/`,
      },
    },
    servers: [{ url: server.url, description: 'This Depot (AUTH_URL)' }],
    paths,
    components: { schemas: components, securitySchemes: securitySchemes(server) },
  }
}

/** Converts a zod schema to JSON Schema, filing the definitions it names under components. */
type ToSchema = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema

function routeOperation(route: AnyRoute, openApiPath: string, toSchema: ToSchema): Record<string, unknown> {
  const parameters = [
    ...objectParameters(route.request?.params, 'path', toSchema),
    ...objectParameters(route.request?.query, 'query', toSchema),
    ...Object.entries(route.request?.headers ?? {}).map(([name, header]) => ({
      name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: header.schema ? toSchema(header.schema, 'input') : { type: 'string' },
    })),
  ]
  const operation: Record<string, unknown> = {
    summary: route.summary,
    tags: route.tags,
    description: `Access: ${describeRouteAccess(route.access)}${route.duringTwoFactorEnrolment ? ' Also open while the caller must still set up the two-factor sign-in the admins require (every other signed-in route answers 403 two_factor_enrolment_required).' : ''}${route.csrfExempt ? `\n\nCSRF-exempt: ${route.csrfExempt}` : ''}`,
    operationId: `${route.method}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
    parameters,
    responses: operationResponses(route, toSchema),
    security: operationSecurity(route),
  }
  const requestBody = requestBodyOf(route, toSchema)
  if (requestBody) operation.requestBody = requestBody
  return operation
}

/** Every answer the route documents, and `default`: an unexpected error, as a Problem. */
function operationResponses(route: AnyRoute, toSchema: ToSchema): Record<string, unknown> {
  const responses: Record<string, unknown> = {}
  for (const [status, response] of Object.entries(documentedResponses(route))) {
    const headers = headerObjects(response.headers, toSchema)
    const content = responseContent(Number(status), response, toSchema)
    responses[status] = {
      description: response.description,
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    }
  }
  const unexpectedHeaders = headerObjects(route.responseHeaders, toSchema)
  responses.default = {
    description: 'An unexpected error (500)',
    ...(unexpectedHeaders ? { headers: unexpectedHeaders } : {}),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: PROBLEM_REF } },
  }
  return responses
}

function headerObjects(headers: Record<string, HeaderDef> | undefined, toSchema: ToSchema) {
  if (!headers || Object.keys(headers).length === 0) return undefined
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      {
        description: header.description,
        ...(header.required ? { required: true } : {}),
        schema: header.schema ? toSchema(header.schema, 'output') : { type: 'string' },
      },
    ]),
  )
}

/** The credentials the API takes: an access token, the web app's session cookie, the metrics token. */
function securitySchemes(server: OpenApiServer) {
  return {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'dpt_…',
      description:
        'A personal access token, made on the profile page and sent as `Authorization: Bearer dpt_…`. ' +
        'It acts as its user; a read-only token is refused (403) on every state-changing request. ' +
        'Bearer requests need no Origin header and never set cookies.',
    },
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: server.sessionCookieName,
      description:
        'The web app’s session (signing in sets it). State-changing requests must also come from the ' +
        'app’s origin (Origin or Sec-Fetch-Site).',
    },
    metricsToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'METRICS_TOKEN from the server’s environment, for a monitoring system.',
    },
  }
}

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' }

/** Who may call the operation, in OpenAPI terms: none for public routes, else either credential. */
function operationSecurity(route: AnyRoute): Record<string, string[]>[] {
  if (route.access === 'public') return []
  if (route.access === 'metricsScraper') return [{ metricsToken: [] }]
  // Either credential works, except on the routes that manage credentials themselves.
  return route.sessionOnly ? [{ sessionCookie: [] }] : [{ bearerAuth: [] }, { sessionCookie: [] }]
}

function responseContent(
  status: number,
  response: RouteResponse,
  toSchema: ToSchema,
): Record<string, unknown> | undefined {
  if (response.schema) {
    return { [response.contentType ?? 'application/json']: { schema: toSchema(response.schema, 'output') } }
  }
  if (status >= 400) return { [PROBLEM_CONTENT_TYPE]: { schema: PROBLEM_REF } }
  if (!response.contentType) return undefined
  const schema = TEXT_TYPES.test(response.contentType)
    ? { type: 'string' }
    : { type: 'string', format: 'binary' }
  return { [response.contentType]: { schema } }
}

function requestBodyOf(route: AnyRoute, toSchema: ToSchema) {
  const request = route.request
  if (request?.body && (request.bodyType ?? 'json') === 'json') {
    return {
      required: true,
      content: { 'application/json': { schema: toSchema(request.body, 'input') } },
    }
  }
  if (request?.bodyType === 'multipart') {
    // Streamed and checked by the handler: the fields are the route's own (its summary says which).
    const form = { type: 'object', additionalProperties: true }
    return { required: true, content: { 'multipart/form-data': { schema: form } } }
  }
  const types = request?.bodyType === 'raw' ? request.rawContentTypes?.types : undefined
  if (types?.some((type) => type !== '')) {
    const binary = { schema: { type: 'string', format: 'binary' } }
    return {
      required: !types.includes(''),
      content: Object.fromEntries(types.filter((type) => type !== '').map((type) => [type, binary])),
    }
  }
  return undefined
}

/**
 * The answers the request machinery (register-routes, the session layer, CSRF and media-type checks)
 * may give a route of this kind before or around its handler: a route declares only its own.
 */
export function machineryResponses(route: AnyRoute): Record<number, RouteResponse> {
  const out: Record<number, RouteResponse> = {}
  const add = (status: number, description: string, headers?: RouteResponse['headers']) => {
    out[status] ??= { description, ...(headers ? { headers } : {}) }
  }
  const method = route.method.toUpperCase()
  const unsafe = UNSAFE_METHODS.has(method)
  const bodyType = route.request?.bodyType ?? 'json'
  if (route.access === 'metricsScraper') {
    add(401, 'No or wrong bearer token', {
      'WWW-Authenticate': { description: 'Bearer realm="metrics"', required: true },
    })
    add(404, 'METRICS_TOKEN is not set')
  } else if (route.access !== 'public') {
    add(
      401,
      'Not signed in (`unauthenticated`), or an access token that is unknown, expired or revoked',
      BEARER_CHALLENGE,
    )
    add(
      403,
      'Not allowed (`forbidden`), or a staff member who must first set up two-factor sign-in (`two_factor_enrolment_required`)',
    )
  } else if (route.path.startsWith('/api/')) {
    add(
      401,
      'An access token that is unknown, expired or revoked, or a suspended account’s session',
      BEARER_CHALLENGE,
    )
  }
  if (unsafe) {
    if (!route.csrfExempt) add(403, 'From another origin (`csrf_rejected`), or with a read-only access token')
    else if (route.path.startsWith('/api/')) add(403, 'A read-only access token')
    if (route.sessionOnly) add(403, route.sessionOnly)
    if (bodyType === 'json' || bodyType === 'multipart') add(415, 'A body of another media type')
    if (bodyType === 'raw' && route.request?.rawContentTypes) add(415, 'A body of another media type')
    if (bodyType === 'json' || bodyType === 'form')
      add(413, 'A body over the route’s size limit (`payload_too_large`)')
  }
  if (route.request?.params) add(404, 'Not found (a malformed id is never found)')
  if (route.request?.body && bodyType === 'json') add(400, 'The body is not valid JSON')
  if ((route.request?.body && bodyType === 'json') || route.request?.query)
    add(422, 'Invalid input (`validation_failed`, per field under `errors`)')
  return out
}

/**
 * Every answer a route documents: the machinery's and its own (its own description wins), each with
 * the headers it carries, including those of every answer (responseHeaders) and Retry-After on 429 and 503.
 */
export function documentedResponses(route: AnyRoute): Record<number, RouteResponse> {
  const out = machineryResponses(route)
  for (const [key, response] of Object.entries(route.responses)) {
    const status = Number(key)
    out[status] = { ...response, headers: { ...out[status]?.headers, ...response.headers } }
  }
  for (const [key, response] of Object.entries(out)) {
    const status = Number(key)
    const retry = status === 429 || status === 503 ? RETRY_AFTER : {}
    const headers = { ...route.responseHeaders, ...retry, ...response.headers }
    out[status] = { ...response, ...(Object.keys(headers).length > 0 ? { headers } : {}) }
  }
  return out
}

/** Sent with the 401 for an unusable access token (lib/http/bearer.ts). */
const BEARER_CHALLENGE: Record<string, HeaderDef> = {
  'WWW-Authenticate': { description: '`Bearer error="invalid_token"` when an access token was refused' },
}

const RETRY_AFTER: Record<string, HeaderDef> = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: z.int() },
}

function objectParameters(schema: z.ZodType | undefined, location: 'path' | 'query', toSchema: ToSchema) {
  if (!schema) return []
  const json = toSchema(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propertySchema,
    ...(typeof propertySchema.description === 'string' ? { description: propertySchema.description } : {}),
  }))
}

/** Moves $defs (schemas registered with an id) into components and points the refs there. */
function hoistDefinitions(json: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, $schema: _schema, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> }
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] = rewriteRefs(definition)
  return rewriteRefs(rest)
}

function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof inner === 'string'
          ? inner.replace('#/$defs/', '#/components/schemas/')
          : rewriteRefs(inner)
    }
    return out as T
  }
  return value
}

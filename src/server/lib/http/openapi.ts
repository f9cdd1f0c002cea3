import { z } from 'zod'
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../../shared/contract/problem'
import { describeRouteAccess } from '../../policies/route-access'
import type { AnyRoute } from './route'

type JsonSchema = Record<string, unknown>

/**
 * The OpenAPI 3.1 document, generated from the route table: the same zod schemas that validate
 * requests describe them here, so the document cannot drift from the code.
 */
export function buildOpenApiDocument(
  routes: readonly AnyRoute[],
  info: { title: string; version: string },
  auth: { sessionCookieName: string } = { sessionCookieName: 'depot.session' },
) {
  const components: Record<string, JsonSchema> = {}
  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
    return hoistDefinitions(json, components)
  }
  // Problem carries an id, so converting it files its definition under components.schemas.Problem.
  toSchema(problemSchema, 'output')
  const problemResponse = (description: string) => ({
    description,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
  })

  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const parameters = [
      ...objectParameters(route.request?.params, 'path', toSchema),
      ...objectParameters(route.request?.query, 'query', toSchema),
    ]
    const responses: Record<string, unknown> = {}
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: {
              [response.contentType ?? 'application/json']: { schema: toSchema(response.schema, 'output') },
            },
          }
        : { description: response.description }
    }
    if (route.request?.body || route.request?.query) responses['422'] ??= problemResponse('Invalid input')
    if (route.access === 'metricsScraper') {
      responses['401'] ??= problemResponse('No or wrong bearer token')
      responses['404'] ??= problemResponse('METRICS_TOKEN is not set')
    } else if (route.access !== 'public') {
      responses['401'] ??= problemResponse('Not signed in')
      responses['403'] ??= problemResponse('Not allowed')
    }
    responses.default = problemResponse('Error')

    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      description: `Access: ${describeRouteAccess(route.access)}${route.duringTwoFactorEnrolment ? ' Also open while the caller must still set up the two-factor sign-in the admins require (every other signed-in route answers 403 two_factor_enrolment_required).' : ''}${route.csrfExempt ? `\n\nCSRF-exempt: ${route.csrfExempt}` : ''}`,
      operationId: `${route.method}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      parameters,
      responses,
    }
    if (route.access !== 'public') {
      // Either credential works, except on the routes that manage credentials themselves.
      operation.security = route.sessionOnly
        ? [{ sessionCookie: [] }]
        : [{ bearerAuth: [] }, { sessionCookie: [] }]
    }
    if (route.request?.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.request.body, 'input') } },
      }
    }
    const entry = paths[openApiPath] ?? {}
    entry[route.method] = operation
    paths[openApiPath] = entry
  }

  const securitySchemes = {
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
      name: auth.sessionCookieName,
      description:
        'The web app’s session (signing in sets it). State-changing requests must also come from the ' +
        'app’s origin (Origin or Sec-Fetch-Site).',
    },
  }
  return { openapi: '3.1.0', info, paths, components: { schemas: components, securitySchemes } }
}

function objectParameters(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  toSchema: (s: z.ZodType, io: 'input' | 'output') => JsonSchema,
) {
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

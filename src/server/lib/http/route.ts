import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../../deps'
import type { RouteAccess } from '../../policies/route-access'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options'
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

type Schema = z.ZodType
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined

/** A header a route reads or sends, as the OpenAPI document shows it. */
export interface HeaderDef {
  description: string
  /** Whether it is always there (sent on every such answer, or needed on every such request). */
  required?: boolean
  /** Its value's shape; a string when absent. */
  schema?: Schema
}

export interface RouteResponse {
  description: string
  /** The body's shape: JSON unless contentType says otherwise. */
  schema?: Schema
  /**
   * The body's media type, or a media range such as `image/*` where the bytes keep their own type.
   * Without a schema, a body other than JSON is documented as a string (binary unless it is text).
   */
  contentType?: string
  /** Headers this answer carries. */
  headers?: Record<string, HeaderDef>
}

/** A route's answers by status. */
export type RouteResponses = Record<number, RouteResponse>

/** The 2xx statuses a route declares. */
type SuccessStatus<R> = {
  [K in keyof R]: K extends number | string ? (`${K}` extends `2${string}` ? K : never) : never
}[keyof R]

/** The JSON body of one declared answer: its schema's input, unless it declares another content type. */
type JsonBody<A> = A extends { schema: infer S extends Schema }
  ? A extends { contentType: string }
    ? never
    : z.input<S>
  : never

/** What a handler may return besides a Response: the JSON of its 2xx schemas (a union if several). */
type SuccessBody<R> = { [K in SuccessStatus<R>]: JsonBody<R[K]> }[SuccessStatus<R>]

/** 204 answers have no body: a handler of such a route may return nothing (a void service call too). */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that ends in a void service call returns void
type NoContent<R> = [Extract<SuccessStatus<R>, 204 | '204'>] extends [never] ? never : void

/**
 * A Response the handler builds. One built with c.json() carries its body's type and is checked like a
 * returned body; c.body(), c.text() and c.redirect() answers are the route's own business.
 */
type BuiltResponse<R> = Response &
  ({ _format?: 'body' | 'text' | 'redirect' } | { _format: 'json'; _data: SuccessBody<R> })

/**
 * What a route's handler returns, inferred from its responses: the body of a 2xx JSON answer (checked
 * against that answer's schema), a Response it builds itself, or nothing for a 204.
 */
export type HandlerResult<R> = SuccessBody<R> | BuiltResponse<R> | NoContent<R>

/**
 * One API route, declared once. The route table is the single source for: request validation, the
 * access check, CSRF exemptions, the OpenAPI document and the route × actor test.
 */
export interface RouteDef<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends RouteResponses = RouteResponses,
  M extends HttpMethod = HttpMethod,
  Path extends string = string,
> {
  method: M
  /** Hono path syntax: /api/things/:id */
  path: Path
  summary: string
  tags: string[]
  access: RouteAccess
  request?: {
    params?: P
    query?: Q
    body?: B
    /**
     * 'json' (default) is the only body our own API takes. 'form' is for Auth.js (form-encoded or JSON,
     * parsed by Auth.js itself); 'multipart' and 'raw' are for declared uploads, which stream.
     */
    bodyType?: 'json' | 'form' | 'multipart' | 'raw'
    /**
     * For 'raw' bodies: the only Content-Types accepted ('' = no body and no Content-Type), with why
     * the route takes something other than JSON. The same-origin proof still applies; a cross-site
     * form cannot send these types, and any other type is refused with 415.
     */
    rawContentTypes?: { types: readonly string[]; reason: string }
    /** Overrides MAX_JSON_BODY_BYTES for this route. */
    maxBodyBytes?: number
    /** Request headers the route reads (Range, If-None-Match, the tus headers, a signature). */
    headers?: Record<string, HeaderDef>
  }
  responses: R
  /** Headers every answer of this route carries, errors included (the tus endpoint's Tus-Resumable). */
  responseHeaders?: Record<string, HeaderDef>
  /**
   * A signed-in route a staff member or admin who must still set up two-factor sign-in may call
   * (policies/route-access.ts). Only the enrolment routes and /api/me say so.
   */
  duringTwoFactorEnrolment?: boolean
  /**
   * Cache-Control for this route's answers. Without it, an answer to a signed-in caller or from a
   * route that is not public is `no-store` (personal data is never cached); a handler may still set
   * its own header, which wins.
   */
  cacheControl?: string
  /** Present only for the few routes that cannot carry our CSRF proof; says why. */
  csrfExempt?: string
  /**
   * Present for the few routes that take a signed-in browser session and refuse a personal access
   * token (403), with why: managing the credentials themselves.
   */
  sessionOnly?: string
  handler: (
    c: Context<AppEnv>,
    input: { params: Infer<P>; query: Infer<Q>; body: Infer<B> },
  ) => HandlerResult<R> | Promise<HandlerResult<R>>
}

/** A route of any shape, as the table holds it: its handler's result is checked where it is defined. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every input shape
export type AnyRoute = Omit<RouteDef<any, any, any>, 'handler'> & {
  // biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every input shape
  handler: (c: Context<AppEnv>, input: any) => unknown
}

/**
 * A route as defineRoute gives it back: any route to the table, and to the test suite's typed client its
 * method, path template, request body and answers (types only; nothing extra exists at runtime).
 */
export type TypedRoute<
  M extends HttpMethod,
  Path extends string,
  B extends Schema | undefined,
  R extends RouteResponses,
> = AnyRoute & {
  readonly method: M
  readonly path: Path
  /** Types only, never set: the JSON body a client sends (its schema's input) and the answers. */
  readonly types?: { requestBody: B extends Schema ? z.input<B> : undefined; responses: R }
}

/**
 * Declares a route with its handler's input types inferred from its request schemas and its result
 * type from its 2xx response schemas.
 */
export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  const R extends RouteResponses = RouteResponses,
  const M extends HttpMethod = HttpMethod,
  const Path extends string = string,
>(route: RouteDef<P, Q, B, R, M, Path>): TypedRoute<M, Path, B, R> {
  return route as unknown as TypedRoute<M, Path, B, R>
}

/** The status a handler's plain return value is sent with: the first 2xx the route declares. */
export function successStatus(route: AnyRoute): number {
  const declared = Object.keys(route.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
  return declared[0] ?? 200
}

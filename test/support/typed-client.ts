import type { z } from 'zod'
import type { AnyRoute, HttpMethod } from '../../src/server/lib/http/route'
import { buildRouteTable, type TableRoute } from '../../src/server/routes'
import { type Problem, problemSchema } from '../../src/shared/contract/problem'
import { CookieClient } from './http-client'
import type { TestApp } from './test-app'

// The suite's JSON client, typed and checked by the route table: `call(p, 'GET', `/api/folders/${id}`)`
// finds the route whose method and path template match (at compile time and again at run time), sends the
// request as the web app does, fails on any other status than the expected one (the route's first 2xx
// unless told), and checks the answer against that status's schema from the contract, returning it as
// sent. The result is the schema's type, so a test can only read what the contract promises; a body the
// route's schema does not take fails to compile, and so does reading the answer of a path no route serves
// (never).

export type Method = Uppercase<HttpMethod>

/** `/api/folders/:id/children` as the type of the paths it serves: `/api/folders/${string}/children`. */
type PathPattern<S extends string> = S extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathPattern<Tail>}`
  : S extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : S

type WithoutQuery<P extends string> = P extends `${infer Base}?${string}` ? Base : P

/** A route declared once for several paths (one definition per item type), split into one per path. */
type OnePath<R> = R extends { path: infer T extends string }
  ? T extends unknown
    ? R & { path: T }
    : never
  : never

type Candidates<M extends Method, P extends string> =
  OnePath<Extract<TableRoute, { method: Lowercase<M> }>> extends infer R
    ? R extends { path: infer T extends string }
      ? WithoutQuery<P> extends PathPattern<T>
        ? R
        : never
      : never
    : never

/** Another candidate whose template is strictly narrower (`/api/folders/:id/children` over `/api/folders/:id`). */
type Narrower<R, All> = All extends { path: infer O extends string }
  ? R extends { path: infer T extends string }
    ? PathPattern<O> extends PathPattern<T>
      ? PathPattern<T> extends PathPattern<O>
        ? never
        : true
      : never
    : never
  : never

type MostSpecific<U, All = U> = U extends unknown ? ([Narrower<U, All>] extends [never] ? U : never) : never

/** The route a call with this method and concrete path reaches, as Hono would pick it (one per path of a union). */
export type RouteOf<M extends Method, P extends string> = P extends unknown
  ? MostSpecific<Candidates<M, P>>
  : never

type Responses<R> = R extends { types?: { responses: infer Rs } } ? Rs : never
type StatusKey<R> = keyof Responses<R> & number

/** The first 2xx the route declares: the status its handler's plain answer goes out with. */
export type SuccessOf<R> = {
  [K in StatusKey<R>]: `${K}` extends `2${string}` ? K : never
}[StatusKey<R>]

type IsError<S extends number> = `${S}` extends `4${string}` | `5${string}` ? true : false

/**
 * The parsed body of an answer: the output of the schema the route declares for its status (the text
 * of a non-JSON one), a Problem for an error the route leaves to the machinery, nothing otherwise.
 */
export type AnswerOf<R, S extends number> = S extends keyof Responses<R>
  ? Responses<R>[S] extends { schema: infer Sch extends z.ZodType }
    ? Responses<R>[S] extends { contentType: string }
      ? string
      : z.output<Sch>
    : IsError<S> extends true
      ? Problem
      : undefined
  : IsError<S> extends true
    ? Problem
    : undefined

/** What a call may send: the route's request schema's input when the call expects success. */
export type BodyOf<R, S extends number> = `${S}` extends `2${string}`
  ? R extends { types?: { requestBody: infer B } }
    ? B
    : never
  : unknown

const table = buildRouteTable()

/** The route a request reaches: the one matching its path whose template has the most fixed segments. */
export function routeOf(method: string, url: string): AnyRoute {
  const segments = url.split('?')[0]!.split('/')
  const matches = table.filter((r) => {
    if (r.method !== method.toLowerCase()) return false
    const template = r.path.split('/')
    return (
      template.length === segments.length &&
      template.every((part, i) => part.startsWith(':') || part === segments[i])
    )
  })
  const fixed = (r: AnyRoute) => r.path.split('/').filter((part) => !part.startsWith(':')).length
  const route = matches.sort((a, b) => fixed(b) - fixed(a))[0]
  if (!route) throw new Error(`no route for ${method} ${url}`)
  return route
}

/** The status a route's plain answer goes out with: its first declared 2xx. */
function firstSuccess(route: AnyRoute): number {
  return (
    Object.keys(route.responses)
      .map(Number)
      .find((s) => s >= 200 && s < 300) ?? 200
  )
}

/**
 * A body sent as it is, whatever the route's schema takes: the declared way for a test of what the
 * server does with a body the contract forbids (extra fields it ignores, a wrong type it refuses).
 * A call that expects an error status takes any body without it.
 */
export function offContract(body: unknown): never {
  return body as never
}

/** Anything holding a signed-in (or anonymous) cookie client: a Person, or { client }. */
export interface Caller {
  client: CookieClient
}

/** Who calls: a Person or { client }, a cookie client itself, or the test app (someone not signed in). */
export type Who = Caller | CookieClient | Pick<TestApp, 'app'>

function clientOf(who: Who): CookieClient {
  if (who instanceof CookieClient) return who
  return 'client' in who ? who.client : new CookieClient(who.app)
}

/**
 * Calls the API as `who` and returns the answer parsed by its declared schema, throwing when the
 * status is not `expected` (the route's first 2xx by default) or the body does not match the schema.
 */
export async function call<M extends Method, P extends string, S extends number = SuccessOf<RouteOf<M, P>>>(
  who: Who,
  method: M,
  path: P,
  body?: BodyOf<RouteOf<M, P>, S>,
  expected?: S,
): Promise<AnswerOf<RouteOf<M, P>, S>> {
  const route = routeOf(method, path)
  const status = expected ?? firstSuccess(route)
  const res = await clientOf(who).json(path, method, body)
  const text = await res.text()
  if (res.status !== status)
    throw new Error(`${method} ${path} → ${res.status} (expected ${status}): ${text}`)
  const declared = route.responses[status]
  const schema = declared?.schema ?? (status >= 400 ? problemSchema : undefined)
  if (!schema || declared?.contentType) return (text || undefined) as AnswerOf<RouteOf<M, P>, S>
  const sent: unknown = text ? JSON.parse(text) : undefined
  const parsed = schema.safeParse(sent)
  if (!parsed.success)
    throw new Error(
      `${method} ${route.path} → ${status}: the answer does not match its schema: ${JSON.stringify(parsed.error.issues)}`,
    )
  // The answer as it was sent, not the schema's copy stripped of undeclared fields: a test that says a
  // field is absent, or that the whole answer equals something, sees everything the server sent.
  return sent as AnswerOf<RouteOf<M, P>, S>
}

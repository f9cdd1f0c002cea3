import type { Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../../src/server/deps'
import { documentedResponses } from '../../src/server/lib/http/openapi'
import type { AnyRoute, RouteResponse } from '../../src/server/lib/http/route'
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../src/shared/contract/problem'

// Every answer the test app gives from a route of the route table is checked against what the route
// documents (the OpenAPI document is generated from the same declarations): its status is declared,
// its media type is the declared one, a JSON body parses with the declared schema, an error is a
// Problem with the same status, the headers it says are always there are there, and the protocol
// headers it sends are documented. Anything else throws, so the test that met it fails at the call.

/** Headers a client acts on: sending one the document does not mention is a gap in the document. */
const DOCUMENTED_IF_SENT = [
  'etag',
  'location',
  'retry-after',
  'content-range',
  'accept-ranges',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-metadata',
  'upload-expires',
  'depot-file-id',
  'www-authenticate',
]

interface CompiledRoute {
  route: AnyRoute
  method: string
  pattern: RegExp
  documented: Record<number, RouteResponse>
}

export class UndocumentedResponseError extends Error {
  override name = 'UndocumentedResponseError'
}

/** Wraps app.fetch (which app.request and served tests use) so each route answer is checked. */
export function checkResponsesAgainstRoutes(app: Hono<AppEnv>, routes: readonly AnyRoute[]): void {
  const compiled: CompiledRoute[] = routes.map((route) => ({
    route,
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
    documented: documentedResponses(route),
  }))
  const fetch = app.fetch
  app.fetch = async (request: Request, ...rest: unknown[]) => {
    const response = await (fetch as (r: Request, ...x: unknown[]) => Response | Promise<Response>)(
      request,
      ...rest,
    )
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const path = new URL(request.url).pathname
    const match = compiled.find((c) => c.method === method && c.pattern.test(path))
    if (!match) return response
    const problems = await nonConformities(match, response, request.method === 'HEAD')
    if (problems.length > 0) {
      throw new UndocumentedResponseError(
        `${request.method} ${path} (route ${match.method} ${match.route.path}) answered ${response.status}, ` +
          `which its declaration does not allow:\n  - ${problems.join('\n  - ')}`,
      )
    }
    return response
  }
}

async function nonConformities(match: CompiledRoute, response: Response, head: boolean): Promise<string[]> {
  const out: string[] = []
  const status = response.status
  const documented: RouteResponse | undefined = match.documented[status]
  if (!documented) {
    // The document's `default` covers an unexpected failure, which other checks report as a defect.
    if (status !== 500) out.push(`status ${status} is not declared (add it to the route's responses)`)
    return out
  }
  const declaredType = declaredMediaType(status, documented)
  const actualType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const hasBody = actualType !== '' && status !== 204 && status !== 304 && !head
  if (declaredType === undefined) {
    if (hasBody) out.push(`it carries a ${actualType} body; the declaration says no body`)
  } else if (hasBody && !mediaTypeMatches(declaredType, actualType)) {
    out.push(`its body is ${actualType}; the declaration says ${declaredType}`)
  } else if (
    !head &&
    status !== 304 &&
    actualType === '' &&
    (response.headers.get('content-length') ?? '') !== '0'
  ) {
    out.push(`it has no Content-Type; the declaration says ${declaredType}`)
  }
  if (hasBody && (actualType === 'application/json' || actualType === PROBLEM_CONTENT_TYPE)) {
    const schema = documented.schema ?? (status >= 400 ? problemSchema : undefined)
    const text = await response.clone().text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      out.push(`its body is not JSON: ${text.slice(0, 200)}`)
    }
    if (body !== undefined && schema) {
      const parsed = (schema as z.ZodType).safeParse(body)
      if (!parsed.success)
        out.push(
          `its body does not parse with the declared schema: ${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
            .join('; ')} — body ${text.slice(0, 300)}`,
        )
    }
    if (actualType === PROBLEM_CONTENT_TYPE && (body as { status?: unknown } | undefined)?.status !== status)
      out.push(`its problem says status ${(body as { status?: unknown }).status}`)
  }
  const headers = Object.fromEntries(
    Object.entries(documented.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  )
  for (const [name, header] of Object.entries(headers))
    if (header.required && !response.headers.has(name)) out.push(`the ${name} header it declares is missing`)
  for (const name of DOCUMENTED_IF_SENT)
    if (response.headers.has(name) && !headers[name])
      out.push(`it sends ${name}, which its declaration for ${status} does not document`)
  return out
}

/** The media type the document gives this answer (openapi.ts's rule), or none for no body. */
function declaredMediaType(status: number, response: RouteResponse): string | undefined {
  if (response.schema) return response.contentType ?? 'application/json'
  if (status >= 400) return PROBLEM_CONTENT_TYPE
  return response.contentType
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === '*/*') return true
  if (declared.endsWith('/*')) return actual.startsWith(declared.slice(0, -1))
  return declared === actual
}

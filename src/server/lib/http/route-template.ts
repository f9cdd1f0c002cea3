import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'

/**
 * The declared route that answered a request, as its template (`/api/shop/downloads/:token`), read
 * once the response is done; undefined when no method route did (the web app's files and pages, 404s).
 * Used for the request log and metrics, where a raw path would be a credential or a new label each time.
 */
export function answeringRoute(c: Context): string | undefined {
  const route = matchedRoutes(c)[c.req.routeIndex]
  return route && route.method !== 'ALL' ? route.path : undefined
}

/** Path parameters that carry a credential: a signed download link, a checkout's access code. */
const SECRET_PARAM = /token|secret|access_code/i
/** A segment that looks like a credential anyway: long, opaque, URL-safe (UUIDs are 36 characters). */
const OPAQUE_SEGMENT = /^[A-Za-z0-9._~-]{40,}$/
export const REDACTED = '[redacted]'
/** Web pages whose next segment is a credential: a share link's page, /s/{token}. */
const SECRET_PAGE_PREFIXES = new Set(['s'])

/**
 * The request path fit for a log line: each segment the route template names as a secret parameter
 * (`:token`), and any other segment that looks like an opaque credential, replaced by [redacted].
 * The query string is never part of it.
 */
export function redactPath(path: string, template: string | undefined): string {
  const segments = path.split('/')
  const names = template?.split('/')
  return segments
    .map((segment, i) => {
      const name = names?.[i]
      if (name?.startsWith(':') && SECRET_PARAM.test(name)) return REDACTED
      if (i === 2 && template === undefined && SECRET_PAGE_PREFIXES.has(segments[1] ?? '')) return REDACTED
      return OPAQUE_SEGMENT.test(segment) ? REDACTED : segment
    })
    .join('/')
}

import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../../deps'
import { anonymous } from './caller'
import { peerIsTrustedProxy } from './client-address'
import { answeringRoute, redactPath } from './route-template'
import { bodyStillArriving } from './unread-body'

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Bytes a resumable upload (tus) accepted in this request: the offset it answered with, less the one
 * the request started at (a PATCH names it; a creation with data starts at 0). 0 for anything else.
 */
function uploadedBytes(c: Context): number {
  const method = c.req.method
  if ((method !== 'PATCH' && method !== 'POST') || c.res.status >= 300) return 0
  const after = Number(c.res.headers.get('upload-offset') ?? Number.NaN)
  const before = Number(c.req.header('upload-offset') ?? 0)
  return Number.isSafeInteger(after) && Number.isSafeInteger(before) ? Math.max(0, after - before) : 0
}

/**
 * First middleware: gives every request an id (echoed as X-Request-Id, on every log line), a child
 * logger, the deps, and an anonymous caller until the sign-in layer says otherwise. Logs one line per
 * request when it ends: method, path (without the query, credentials in it redacted), status, bytes, duration,
 * and counts it in the metrics by route template. An answer given while the request body is still
 * arriving closes the connection (unread-body.ts).
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    // A proxy's id is kept only from a trusted proxy (TRUST_PROXY); otherwise anyone could forge log lines.
    const requestId =
      incoming && INCOMING_ID.test(incoming) && peerIsTrustedProxy(c, deps.env.trustProxy)
        ? incoming
        : randomUUID()
    const logger = deps.logger.child({ requestId })
    c.set('deps', deps)
    c.set('requestId', requestId)
    c.set('logger', logger)
    c.set('caller', anonymous)
    c.set('session', undefined)
    const started = performance.now()
    // Set up front so the handler's response carries it; setting a header after the response is
    // built would make Hono rebuild it as a full web Response.
    c.header('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      // A handler's own Response object (files, problems, CSV) never saw the context's headers.
      const headers = c.res.headers
      if (!headers.has('X-Request-Id')) headers.set('X-Request-Id', requestId)
      if (bodyStillArriving(c)) headers.set('Connection', 'close')
      const seconds = (performance.now() - started) / 1000
      const route = answeringRoute(c)
      const status = c.res.status
      const length = headers.get('content-length')
      logger.info(
        {
          method: c.req.method,
          path: redactPath(c.req.path, route),
          status,
          // What the answer said it sends (a file's bytes are written after this line, node-body.ts).
          ...(length === null ? {} : { bytes: Number(length) }),
          ms: Math.round(seconds * 10_000) / 10,
        },
        'request',
      )
      deps.metrics.observeRequest({
        method: KNOWN_METHODS.has(c.req.method) ? c.req.method : 'other',
        // Bounded labels: the declared template, else one label for the web app and one for 404s.
        route: route ?? (status === 404 ? '(unmatched)' : '(web)'),
        status,
        seconds,
      })
      deps.metrics.countUploadBytes(uploadedBytes(c))
    }
  }
}

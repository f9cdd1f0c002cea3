import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../../deps'
import { anonymous } from '../../policies/actor'

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/

/**
 * First middleware: gives every request an id (echoed as X-Request-Id, on every log line), a child
 * logger, the deps, and an anonymous actor until the sign-in layer says otherwise. Logs one line per
 * request when it ends: method, path without query, status and duration.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    // A proxy's id is kept only when we were told to trust the proxy; otherwise anyone could forge log lines.
    const requestId = deps.env.trustProxy && incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID()
    const logger = deps.logger.child({ requestId })
    c.set('deps', deps)
    c.set('requestId', requestId)
    c.set('logger', logger)
    c.set('actor', anonymous)
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
      logger.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      )
    }
  }
}

import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../../deps'
import { anonymous } from '../../policies/actor'
import { peerIsTrustedProxy } from './client-address'
import { answeringRoute, redactPath } from './route-template'

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/

/**
 * First middleware: gives every request an id (echoed as X-Request-Id, on every log line), a child
 * logger, the deps, and an anonymous actor until the sign-in layer says otherwise. Logs one line per
 * request when it ends: method, path (without the query, credentials in it redacted), status, duration.
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
    c.set('actor', anonymous)
    c.set('session', undefined)
    const started = performance.now()
    try {
      await next()
    } finally {
      c.header('X-Request-Id', requestId)
      logger.info(
        {
          method: c.req.method,
          path: redactPath(c.req.path, answeringRoute(c)),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      )
    }
  }
}

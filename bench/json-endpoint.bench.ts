import type { Benchmark } from './lib/benchmark'

/**
 * What the HTTP stack costs on the cheapest possible endpoint: a 15-byte JSON body with Depot's
 * response headers. The baseline is node:http sending the same bytes; bare Hono shows the framework's
 * own cost; the Depot app adds request context (id, child logger), security headers and the route
 * table's per-route machinery (body limit, CSRF and access checks, presentation).
 */
export const jsonEndpoint: Benchmark = {
  name: 'json-endpoint',
  description: 'GET a trivial JSON body (Depot /healthz) against bare node:http',
  baseline: 'node',
  targets: [
    {
      id: 'node',
      label: 'node:http, same bytes (baseline)',
      module: 'targets/node-http-json.ts',
      path: '/healthz',
    },
    { id: 'hono', label: 'bare Hono, same bytes', module: 'targets/hono-json.ts', path: '/healthz' },
    {
      id: 'depot',
      label: 'Depot app /healthz, logs silent',
      module: 'targets/depot-app.ts',
      args: ['silent'],
      path: '/healthz',
    },
    {
      id: 'depot-info',
      label: 'Depot app /healthz, info logs → /dev/null',
      module: 'targets/depot-app.ts',
      args: ['info'],
      path: '/healthz',
    },
  ],
  notes: [
    'hono vs node = what Hono and @hono/node-server cost; depot vs hono = what our middleware and route machinery cost;',
    'depot-info vs depot = one pino log line per request, the production default.',
  ],
}

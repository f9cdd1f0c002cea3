import type { Benchmark } from './lib/benchmark'

/**
 * The anonymous catalogue's first page (50 of 10k published products, newest first) through the whole
 * Depot app, against bare Hono with raw better-sqlite3 statements on the same data and the same
 * presenter: what Kysely, our middleware and the route machinery cost on a real read.
 */
export const catalogue: Benchmark = {
  name: 'catalogue',
  description: 'GET the catalogue, 50 of 10k products, against bare Hono + raw better-sqlite3',
  baseline: 'raw',
  targets: [
    {
      id: 'raw',
      label: 'bare Hono + raw better-sqlite3 (baseline)',
      module: 'targets/catalogue-raw.ts',
      args: ['10000'],
      path: '/api/shop/products?pageSize=50',
    },
    {
      id: 'raw-kept',
      label: 'bare Hono + raw better-sqlite3, total from the kept counts',
      module: 'targets/catalogue-raw.ts',
      args: ['10000', 'kept'],
      path: '/api/shop/products?pageSize=50',
    },
    {
      id: 'depot',
      label: 'Depot app /api/shop/products, logs silent',
      module: 'targets/depot-app.ts',
      args: ['silent', 'catalogue', '10000'],
      path: '/api/shop/products?pageSize=50',
    },
  ],
  goal: { target: 'depot', minRatio: 0.75 },
  notes: [
    'depot vs raw = Kysely, request context, security headers, session lookup and the route machinery,',
    'less the count: Depot sums the per-type counts its triggers keep (decision 0108), where the baseline',
    'counts the listed products as a page done by hand would. raw-kept reads the kept counts too: depot',
    'vs raw-kept is what the stack alone costs.',
  ],
}

import { targetDatabaseEnv } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { type Benchmark, runBenchmark } from './lib/benchmark'
import { type GoalRow, printGoalRows } from './lib/goal-rows'
import type { Settings } from './lib/settings'
import { formatFixed, formatInteger } from './lib/table'

// The anonymous catalogue's first page (50 of 10k published products, newest first) through the whole
// Depot app, against the same page from raw statements on the same data with the same presenter: bare
// Hono and better-sqlite3 on SQLite; node:http and a pg.Pool on PostgreSQL (when BENCH_DATABASE_URL
// names a scratch database). What Kysely, our middleware and the route machinery cost on a real read.

const PRODUCTS = 10_000
const PATH = '/api/shop/products?pageSize=50'
const GOAL_RATIO = 0.75
// A target seeding its database may take longer than the default 30 s on two busy cores.
const SEEDING_TARGET_TIMEOUT_MS = 180_000

/**
 * The catalogue on one database. On SQLite each target seeds its own file; on PostgreSQL the Depot
 * target empties the scratch database and seeds it (then ANALYZE), and the raw targets, started
 * after it, read those same rows.
 */
function catalogueOn(on: BenchDatabase): Benchmark {
  const depot = {
    id: 'depot',
    label: 'Depot app /api/shop/products, logs silent',
    module: 'targets/depot-app.ts',
    args: ['silent', 'catalogue', String(PRODUCTS)],
    path: PATH,
    env: targetDatabaseEnv(on),
    startTimeoutMs: SEEDING_TARGET_TIMEOUT_MS,
  }
  const targets = on.url
    ? [
        depot,
        {
          id: 'raw',
          label: 'node:http + raw pg.Pool (baseline)',
          module: 'targets/catalogue-raw-pg.ts',
          args: ['counted'],
          path: PATH,
          env: targetDatabaseEnv(on),
        },
        {
          id: 'raw-kept',
          label: 'node:http + raw pg.Pool, total from the kept counts',
          module: 'targets/catalogue-raw-pg.ts',
          args: ['kept'],
          path: PATH,
          env: targetDatabaseEnv(on),
        },
      ]
    : [
        {
          id: 'raw',
          label: 'bare Hono + raw better-sqlite3 (baseline)',
          module: 'targets/catalogue-raw.ts',
          args: [String(PRODUCTS)],
          path: PATH,
          startTimeoutMs: SEEDING_TARGET_TIMEOUT_MS,
        },
        {
          id: 'raw-kept',
          label: 'bare Hono + raw better-sqlite3, total from the kept counts',
          module: 'targets/catalogue-raw.ts',
          args: [String(PRODUCTS), 'kept'],
          path: PATH,
          startTimeoutMs: SEEDING_TARGET_TIMEOUT_MS,
        },
        depot,
      ]
  return {
    name: `catalogue on ${on.label}`,
    description: `GET the catalogue, 50 of 10k products, against raw statements on ${on.label}`,
    baseline: 'raw',
    targets,
    goal: { target: 'depot', minRatio: GOAL_RATIO },
    notes: [
      'depot vs raw = Kysely, request context, security headers, session lookup and the route machinery,',
      'less the count: Depot sums the per-type counts its triggers keep (decision 0108), where the baseline',
      'counts the listed products as a page done by hand would. raw-kept reads the kept counts too: depot',
      'vs raw-kept is what the stack alone costs.',
    ],
  }
}

export const catalogue = {
  name: 'catalogue',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    let ok = true
    const rows: GoalRow[] = []
    for (const on of benchDatabases()) {
      const result = await runBenchmark(catalogueOn(on), settings)
      ok = ok && result.ok
      const depot = result.figures.find((f) => f.def.id === 'depot')!
      const kept = result.figures.find((f) => f.def.id === 'raw-kept')!
      const ratio = depot.requestsPerSecond / result.baseline.requestsPerSecond
      rows.push({
        database: on.label,
        what: 'catalogue req/s',
        figure: formatInteger(depot.requestsPerSecond),
        baseline: formatInteger(result.baseline.requestsPerSecond),
        ratio: `${formatFixed(ratio, 2)}×`,
        goal: `≥ ${GOAL_RATIO}× raw`,
        met: ratio >= GOAL_RATIO,
        load: result.load,
      })
      rows.push({
        database: on.label,
        what: 'catalogue req/s against raw-kept',
        figure: formatInteger(depot.requestsPerSecond),
        baseline: formatInteger(kept.requestsPerSecond),
        ratio: `${formatFixed(depot.requestsPerSecond / kept.requestsPerSecond, 2)}×`,
        goal: '',
        met: undefined,
        load: result.load,
      })
    }
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok }
  },
}

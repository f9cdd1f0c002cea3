import { createRequire } from 'node:module'
import type Pg from 'pg'

let driver: typeof Pg | undefined

/**
 * node-postgres, loaded the first time PostgreSQL is used: a SQLite install never pays for it at
 * start-up. Loaded with require so that opening a database stays synchronous.
 *
 * PostgreSQL → one representation in application code (docs/decisions/0003): timestamptz as
 * ISO-8601 UTC strings, int8 as numbers (sizes and money stay far below 2^53).
 */
export function loadPg(): typeof Pg {
  if (driver) return driver
  const pg = createRequire(import.meta.url)('pg') as typeof Pg
  pg.types.setTypeParser(PG_TIMESTAMPTZ, (v) => new Date(v).toISOString())
  pg.types.setTypeParser(PG_TIMESTAMP, (v) => new Date(`${v}Z`).toISOString())
  pg.types.setTypeParser(PG_INT8, (v) => Number(v))
  driver = pg
  return pg
}

const PG_TIMESTAMPTZ = 1184
const PG_TIMESTAMP = 1114
const PG_INT8 = 20

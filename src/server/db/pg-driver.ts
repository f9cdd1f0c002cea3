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
  pg.types.setTypeParser(PG_TIMESTAMPTZ, isoOfTimestamptz)
  pg.types.setTypeParser(PG_TIMESTAMP, (v) => new Date(`${v}Z`).toISOString())
  pg.types.setTypeParser(PG_INT8, (v) => Number(v))
  driver = pg
  return pg
}

/**
 * A timestamptz as ISO-8601 UTC with milliseconds, as `new Date(v).toISOString()` gives it. A
 * session in UTC sends `2026-12-01 13:23:44.123456+00`, rewritten here without a Date: every row
 * has several, and the Date parser was 2 % of a Depot's CPU under load. Any other form (another time
 * zone, a year past 9999) goes through Date.
 */
export function isoOfTimestamptz(v: string): string {
  const utc = UTC_TIMESTAMPTZ.exec(v)
  if (!utc) return new Date(v).toISOString()
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`
}

const UTC_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/

const PG_TIMESTAMPTZ = 1184
const PG_TIMESTAMP = 1114
const PG_INT8 = 20

// node-postgres sends every query as an unnamed statement, which PostgreSQL parses and plans again on
// each run. Under the load benchmark planning took more of PostgreSQL's time than running the
// statements (a folder access or notification query: 0.8–1 ms of planning to 0.01–0.7 ms of work;
// docs/decisions/0163). This names each statement by its SQL text on each pooled connection, so the
// server parses it once and, after a few runs, reuses a plan when it judges one plan fits every value
// (PostgreSQL's plan cache, `plan_cache_mode = auto`; the live streams' own connections always reuse
// one, docs/decisions/0171). At most `size` per connection, the least
// recently used given up first (`DEALLOCATE`). Correct by construction as the SQLite cache is
// (statement-cache.ts): the text is the statement; PostgreSQL re-plans by itself after a schema change.
//
// Left unnamed: a statement with LIKE (a plan reused for any pattern cannot use the pattern's own
// prefix or selectivity, which name search is tuned on), and queries not made by Kysely with values
// (a cursor, a statement without parameters).

const DEFAULT_SIZE = 100

type Query = Pg.PoolClient['query']

/** Makes `client` prepare each statement once per connection (call it on the pool's `connect`). */
export function preparingStatements(client: Pg.PoolClient, size = DEFAULT_SIZE): void {
  const names = new Map<string, string>()
  let made = 0
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
  const forget = (name: string) => {
    // Queued behind what the connection is running; a failure (an aborted transaction) only leaves the
    // statement on the server until the connection closes.
    query(`deallocate ${name}`).then(
      () => forgetParsed(client, name),
      () => forgetParsed(client, name),
    )
  }
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return query(text, values, callback)
    let name = names.get(text)
    if (name === undefined && !preparable(text)) return query(text, values)
    if (name !== undefined) {
      // Map order is insertion order: moving the entry to the end keeps the oldest first.
      names.delete(text)
    } else {
      name = `depot_${made++}`
      if (names.size >= size) {
        const [oldest, oldestName] = names.entries().next().value as [string, string]
        names.delete(oldest)
        forget(oldestName)
      }
    }
    names.set(text, name)
    return query({ name, text, values })
  }) as Query
}

function preparable(text: string): boolean {
  return !/\blike\b/i.test(text)
}

/** node-postgres's own record of what it prepared on the connection (names are never used again). */
function forgetParsed(client: Pg.PoolClient, name: string): void {
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
    .connection
  if (connection?.parsedStatements) delete connection.parsedStatements[name]
}

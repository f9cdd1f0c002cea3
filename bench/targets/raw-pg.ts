import http from 'node:http'
import type Pg from 'pg'
import { loadPg } from '../../src/server/db/pg-driver'
import { TARGET_DATABASE_URL } from '../lib/app-fixture'
import { HOST, portOf } from '../lib/target-server'
import { JSON_HEADERS } from './json-response'

// What the raw PostgreSQL baselines share: a pg.Pool of Depot's size on the database the benchmark
// names (BENCH_TARGET_DATABASE_URL), with Depot's type parsers (timestamps as ISO strings, int8 as
// numbers: pg-driver.ts), and node:http answering one path with JSON and the same headers Depot sends,
// so both sides put the same bytes on the wire.

/** Depot's pool size (db/connection.ts). */
const POOL_SIZE = 10

// Depot's own policy: it allows https: images, which the /healthz baselines' fixed headers leave out.
const HEADERS = {
  ...JSON_HEADERS,
  'Content-Security-Policy': JSON_HEADERS['Content-Security-Policy']!.replace('blob:;', 'blob: https:;'),
}

export function rawPool(): Pg.Pool {
  const url = process.env[TARGET_DATABASE_URL]
  if (!url) throw new Error(`${TARGET_DATABASE_URL} names no database: the benchmark passes it in`)
  return new (loadPg().Pool)({ connectionString: url, max: POOL_SIZE })
}

/**
 * node:http answering every GET with `answer(url)` as JSON and Depot's headers plus `headers` (what
 * Depot adds for that route, such as `Cache-Control: no-store` on a signed-in page); errors are 500s.
 */
export async function serveJson(
  pool: Pg.Pool,
  answer: (url: URL) => Promise<unknown>,
  headers: Record<string, string> = {},
) {
  const server = http.createServer((req, res) => {
    answer(new URL(req.url ?? '/', 'http://localhost')).then(
      (value) => {
        const body = Buffer.from(JSON.stringify(value))
        res.writeHead(200, { ...HEADERS, ...headers, 'Content-Length': String(body.byteLength) })
        res.end(body)
      },
      (error: unknown) => {
        console.error(error)
        res.writeHead(500).end()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve))
  return {
    port: portOf(server.address()),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await pool.end()
    },
  }
}

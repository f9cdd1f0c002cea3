import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { SITE_IDENTITY_SETTING } from '../src/server/features/site/site-identity.service'
import { newId } from '../src/server/lib/ids'
import { writeSetting } from '../src/server/lib/settings/settings'
import { accessToken, openDepot, repeat, serveDepot, timedRequest } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  databaseEnv,
  emptyPostgres,
  POSTGRES_NOT_MEASURED,
} from './lib/bench-database'
import { seedDashboard } from './lib/seed-dashboard'
import type { Settings } from './lib/settings'
import { percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger, formatTable } from './lib/table'

// GET /api/dashboard over BENCH_DASHBOARD_ORDERS orders (default 100,000; two lines each) and
// BENCH_DASHBOARD_ENTRIES inbox entries (default 50,000), through the whole Depot app as an admin: the
// 30-day and 12-month periods one request at a time (p50, p95), then /healthz one at a time while
// four clients ask for the 12-month dashboard without pause, beside /healthz on the idle server (the
// baseline). On SQLite always; on PostgreSQL too when BENCH_DATABASE_URL names a scratch database
// (it is emptied first: every table in its public schema is dropped).
// Goals: dashboard p95 < 200 ms; /healthz p95 < 50 ms while dashboards run.

const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000)
const ENTRIES = Number(process.env.BENCH_DASHBOARD_ENTRIES ?? 50_000)
// The business's zone: a zone off UTC, so each range's ends are partial UTC days (read off the rows).
const TIME_ZONE = process.env.BENCH_DASHBOARD_TZ ?? 'Europe/Berlin'
const GOAL_DASHBOARD_MS = 200
const GOAL_HEALTHZ_MS = 50
const CONCURRENT = 4

/** Sequential /healthz for `seconds`: p95 and the slowest. */
async function probeHealth(url: string, seconds: number) {
  const times: number[] = []
  const until = performance.now() + seconds * 1000
  while (performance.now() < until || times.length < 20) times.push((await timedRequest(url, {})).ms)
  const sorted = sortNumbers(times)
  return { count: sorted.length, p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 }
}

async function prepare(dataDir: string, on: BenchDatabase) {
  const url = on.url
  if (url) await emptyPostgres(url)
  const { database, deps } = await openDepot(dataDir, { env: databaseEnv(on) })
  const started = performance.now()
  await seedDashboard(
    database.db,
    { orders: ORDERS, entries: ENTRIES, customers: 10_000, products: 500 },
    new Date(),
  )
  const seeded = performance.now() - started
  // A live PostgreSQL has its tables' statistics from autovacuum; rows bulk-loaded a second ago have none.
  if (url) await sql`analyze`.execute(database.db)
  await writeSetting(
    database.db,
    SITE_IDENTITY_SETTING,
    {
      name: 'Bench Shop',
      description: 'Benchmarks',
      address: '1 Bench Street',
      supportEmail: null,
      accentColor: '#4338ca',
      taxNumber: '',
      vatPercent: null,
      timeZone: TIME_ZONE,
    },
    { now: new Date(), by: null },
  )
  const adminId = newId()
  const stamp = new Date().toISOString()
  await database.db
    .insertInto('users')
    .values({
      id: adminId,
      first_name: 'Bench',
      last_name: 'Admin',
      name: 'Bench Admin',
      email: 'bench-admin@example.com',
      emailVerified: stamp,
      account_type: 'individual',
      password: null,
      business_name: null,
      image: null,
      industry: null,
      isRestricted: false,
      role: 'admin',
      staffFunctions: '[]',
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute()
  const bearer = `Bearer ${await accessToken(deps, adminId, 'read-only')}`
  await database.close()
  return { bearer, seeded }
}

async function measure(on: BenchDatabase, settings: Settings): Promise<string[][]> {
  const database = on.label
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-dashboard-'))
  try {
    const { bearer, seeded } = await prepare(dataDir, on)
    console.log(`${database}: seeded in ${formatInteger(seeded)} ms`)
    const depot = await serveDepot(dataDir, settings, on)
    try {
      const base = `http://127.0.0.1:${depot.port}`
      const headers = { Authorization: bearer }
      const rows: string[][] = []
      for (const period of ['30d', '12m']) {
        const target = `${base}/api/dashboard?period=${period}`
        await repeat(target, headers, settings.warmupSeconds, 3)
        const r = await repeat(target, headers, settings.seconds)
        const met = r.p95 < GOAL_DASHBOARD_MS ? 'met' : 'MISSED'
        rows.push([
          database,
          `dashboard ${period}`,
          String(r.count),
          formatFixed(r.p50, 1),
          formatFixed(r.p95, 1),
          '',
          met,
        ])
      }
      const idle = await probeHealth(`${base}/healthz`, settings.seconds)
      rows.push([
        database,
        '/healthz, idle (baseline)',
        String(idle.count),
        '',
        formatFixed(idle.p95, 1),
        formatFixed(idle.max, 1),
        '',
      ])
      let running = true
      let failed = 0
      const clients = Array.from({ length: CONCURRENT }, async () => {
        let n = 0
        while (running) {
          try {
            await timedRequest(`${base}/api/dashboard?period=12m`, { headers })
            n++
          } catch (error) {
            failed++
            if (failed === 1) console.log(`a concurrent dashboard request failed: ${String(error)}`)
          }
        }
        return n
      })
      const busy = await probeHealth(`${base}/healthz`, settings.seconds)
      running = false
      const served = (await Promise.all(clients)).reduce((a, b) => a + b, 0)
      rows.push([
        database,
        `/healthz, ${CONCURRENT} clients on 12m (${served} served, ${failed} failed)`,
        String(busy.count),
        '',
        formatFixed(busy.p95, 1),
        formatFixed(busy.max, 1),
        busy.p95 < GOAL_HEALTHZ_MS ? 'met' : 'MISSED',
      ])
      return rows
    } finally {
      await depot.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export const dashboard = {
  name: 'dashboard',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## dashboard: GET /api/dashboard over ${formatInteger(ORDERS)} orders (${formatInteger(2 * ORDERS)} lines) and ${formatInteger(ENTRIES)} inbox entries, the business in ${TIME_ZONE}`,
    )
    console.log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    const rows: string[][] = []
    const databases = benchDatabases()
    for (const on of databases) rows.push(...(await measure(on, settings)))
    if (databases.length === 1) console.log(POSTGRES_NOT_MEASURED)
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    console.log()
    console.log(
      formatTable(
        [
          'database',
          'request',
          'requests',
          'p50 ms',
          'p95 ms',
          'max ms',
          `goal (dashboard p95 < ${GOAL_DASHBOARD_MS}, healthz p95 < ${GOAL_HEALTHZ_MS})`,
        ],
        rows,
      ),
    )
    return { ok: rows.length > 0 }
  },
}

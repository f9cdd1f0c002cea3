import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import { loadPg } from '../src/server/db/pg-driver'
import { hashPassword } from '../src/server/features/accounts/passwords'
import { csvRecord } from '../src/server/lib/csv/csv-format'
import { newId } from '../src/server/lib/ids'
import { countLineFeeds, prepareFixture, serveDepot } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { type GoalRow, loadAverage, printGoalRows } from './lib/goal-rows'
import { seedUsers } from './lib/seed'
import type { Settings } from './lib/settings'
import { percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger } from './lib/table'

// The admins' users export (CSV of every user, default order) through the Depot app over HTTP,
// against the rawest way to make the same file on the same database, each row formatted by the same
// csvRecord: one better-sqlite3 `.iterate()` over the SELECT on SQLite; on PostgreSQL (when
// BENCH_DATABASE_URL names a scratch database) one pg query of every row. While Depot's export
// streams, /healthz is asked again and again on another connection: a long export must not hold
// other requests up.

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000)
const GOAL_ROWS_PER_SECOND = 50_000
const GOAL_HEALTHZ_MS = 50
const PASSWORD = 'bench passphrase for the export'

const FIELDS = `id, first_name, last_name, email, account_type, business_name, industry, role,
  "staffFunctions", "isRestricted", "emailVerified", "createdAt"`

export const csvExport = {
  name: 'csv-export',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## csv-export: the users CSV of ${formatInteger(ROWS)} rows, against a raw stream of the same SELECT`,
    )
    const rows: GoalRow[] = []
    let ok = true
    for (const on of benchDatabases()) {
      const measured = await exportOn(on, settings)
      ok = ok && measured.ok
      rows.push(...measured.rows)
    }
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok }
  },
}

async function exportOn(on: BenchDatabase, settings: Settings) {
  const fixture = await prepareFixture(on)
  try {
    const { db } = fixture.database
    await seedUsers(db, ROWS)
    const admin = { email: 'bench-admin@example.com', password: PASSWORD }
    const now = new Date().toISOString()
    await db
      .insertInto('users')
      .values({
        id: newId(),
        first_name: 'Bench',
        last_name: 'Admin',
        name: 'Bench Admin',
        email: admin.email,
        emailVerified: now,
        account_type: 'individual',
        password: await hashPassword(PASSWORD),
        role: 'admin',
        staffFunctions: '[]',
        isRestricted: false,
        createdAt: now,
        updatedAt: now,
      })
      .execute()
    // A live PostgreSQL has its tables' statistics from autovacuum; rows bulk-loaded a second ago have none.
    if (on.url) await sql`analyze`.execute(db)
    await fixture.database.close()

    const raw = on.url
      ? await rawPostgresExport(on.url)
      : await rawExport(path.join(fixture.dataDir, 'depot.sqlite'))
    const depot = await depotExport(fixture.dataDir, admin, settings, on)
    const load = loadAverage()
    const ratio = depot.rowsPerSecond / raw.rowsPerSecond
    const sorted = sortNumbers(depot.healthzMs)
    const worst = sorted.at(-1) ?? Number.NaN
    const rows: GoalRow[] = [
      {
        database: on.label,
        what: `export rows/s (${formatInteger(depot.rows)} rows)`,
        figure: formatInteger(depot.rowsPerSecond),
        baseline: formatInteger(raw.rowsPerSecond),
        ratio: `${formatFixed(ratio, 2)}×`,
        goal: `≥ ${formatInteger(GOAL_ROWS_PER_SECOND)} rows/s`,
        met: depot.rowsPerSecond >= GOAL_ROWS_PER_SECOND,
        load,
      },
      {
        database: on.label,
        what: `/healthz max ms during the export (${sorted.length} answers, p50 ${formatFixed(percentile(sorted, 50), 1)}, p99 ${formatFixed(percentile(sorted, 99), 1)})`,
        figure: formatFixed(worst, 1),
        baseline: '',
        ratio: '',
        goal: `< ${GOAL_HEALTHZ_MS} ms`,
        met: worst < GOAL_HEALTHZ_MS,
        load,
      },
    ]
    return { ok: depot.rows === ROWS + 1, rows }
  } finally {
    fixture.remove()
  }
}

async function rawExport(file: string) {
  const sqlite = new SqliteDatabase(file, { readonly: true })
  try {
    const statement = sqlite.prepare(`select ${FIELDS} from users order by "createdAt" desc, id desc`)
    const started = performance.now()
    let rows = 0
    const lines = (function* () {
      for (const row of statement.iterate() as Iterable<Record<string, string | number | null>>) {
        rows++
        yield csvRecord(Object.values(row))
      }
    })()
    await pipeline(lines, new Writable({ write: (_chunk, _encoding, callback) => callback() }))
    const seconds = (performance.now() - started) / 1000
    return { rows, rowsPerSecond: rows / seconds }
  } finally {
    sqlite.close()
  }
}

/** The same SELECT on PostgreSQL, every row in one query (pg reads them all), through csvRecord. */
async function rawPostgresExport(url: string) {
  const pool = new (loadPg().Pool)({ connectionString: url, max: 1 })
  try {
    const started = performance.now()
    const result = await pool.query({
      text: `select ${FIELDS} from users order by "createdAt" desc, id desc`,
      rowMode: 'array',
    })
    let rows = 0
    const lines = (function* () {
      for (const row of result.rows as (string | number | boolean | null)[][]) {
        rows++
        yield csvRecord(row.map((v) => (typeof v === 'boolean' ? Number(v) : v)))
      }
    })()
    await pipeline(lines, new Writable({ write: (_chunk, _encoding, callback) => callback() }))
    const seconds = (performance.now() - started) / 1000
    return { rows, rowsPerSecond: rows / seconds }
  } finally {
    await pool.end()
  }
}

async function depotExport(
  dataDir: string,
  admin: { email: string; password: string },
  settings: Settings,
  on: BenchDatabase,
) {
  const target = await serveDepot(dataDir, settings, on)
  try {
    const base = `http://127.0.0.1:${target.port}`
    const cookie = await signIn(base, admin)
    const healthzMs: number[] = []
    let done = false
    const probing = (async () => {
      while (!done) {
        const started = performance.now()
        const res = await fetch(`${base}/healthz`)
        await res.arrayBuffer()
        healthzMs.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const started = performance.now()
    const res = await fetch(`${base}/api/admin/users/export.csv`, { headers: { Cookie: cookie } })
    if (res.status !== 200) throw new Error(`export answered ${res.status}`)
    const newlines = await countLineFeeds(res)
    const seconds = (performance.now() - started) / 1000
    done = true
    await probing
    const rows = newlines - 1 // the header
    return { rows, rowsPerSecond: rows / seconds, healthzMs }
  } finally {
    await target.stop()
  }
}

/** Auth.js's credentials sign-in, as a browser form does it; returns the Cookie header to send. */
async function signIn(base: string, admin: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      jar.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const csrf = await fetch(`${base}/api/auth/csrf`)
  keep(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: header() },
    body: new URLSearchParams({ csrfToken, email: admin.email, password: admin.password, callbackUrl: '/' }),
  })
  keep(res)
  await res.arrayBuffer()
  const me = await fetch(`${base}/api/me`, { headers: { Cookie: header() } })
  if (me.status !== 200) throw new Error(`sign-in failed: /api/me answered ${me.status}`)
  return header()
}

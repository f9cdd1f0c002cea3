import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import SqliteDatabase from 'better-sqlite3'
import { openDatabase } from '../src/server/db/connection'
import { migrateToLatest } from '../src/server/db/migrator'
import { hashPassword } from '../src/server/features/accounts/passwords'
import { csvRecord } from '../src/server/lib/csv/csv-format'
import { newId } from '../src/server/lib/ids'
import { countLineFeeds, serveDepot } from './lib/app-fixture'
import { seedUsers } from './lib/seed'
import type { Settings } from './lib/settings'
import { percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger, formatTable } from './lib/table'

// The admins' users export (CSV of every user, default order) through the Depot app over HTTP,
// against the rawest way to make the same file: one better-sqlite3 `.iterate()` over the same SELECT,
// each row formatted by the same csvRecord. While Depot's export streams, /healthz is asked again and
// again on another connection: a long export must not hold other requests up.

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
      `\n## csv-export: the users CSV of ${formatInteger(ROWS)} rows, against a raw .iterate() stream`,
    )
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-export-'))
    try {
      const file = path.join(dataDir, 'depot.sqlite')
      const database = openDatabase({ dialect: 'sqlite', file })
      await migrateToLatest(database)
      await seedUsers(database.db, ROWS)
      const admin = { email: 'bench-admin@example.com', password: PASSWORD }
      const now = new Date().toISOString()
      await database.db
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
      await database.close()

      const raw = await rawExport(file)
      const depot = await depotExport(dataDir, admin, settings)

      const ratio = depot.rowsPerSecond / raw.rowsPerSecond
      console.log()
      console.log(
        formatTable(
          ['way', 'rows', 'rows/s', '÷ raw', `goal ≥ ${formatInteger(GOAL_ROWS_PER_SECOND)} rows/s`],
          [
            [
              'raw .iterate() + csvRecord (baseline)',
              formatInteger(raw.rows),
              formatInteger(raw.rowsPerSecond),
              '1.00',
              '',
            ],
            [
              'Depot GET /api/admin/users/export.csv',
              formatInteger(depot.rows),
              formatInteger(depot.rowsPerSecond),
              formatFixed(ratio, 2),
              depot.rowsPerSecond >= GOAL_ROWS_PER_SECOND ? 'met' : 'MISSED',
            ],
          ],
        ),
      )
      const sorted = sortNumbers(depot.healthzMs)
      const worst = sorted.at(-1) ?? Number.NaN
      console.log()
      console.log(
        formatTable(
          ['during the export', 'answers', 'p50 ms', 'p99 ms', 'max ms', `goal < ${GOAL_HEALTHZ_MS} ms`],
          [
            [
              'GET /healthz',
              String(sorted.length),
              formatFixed(percentile(sorted, 50), 1),
              formatFixed(percentile(sorted, 99), 1),
              formatFixed(worst, 1),
              worst < GOAL_HEALTHZ_MS ? 'met' : 'MISSED',
            ],
          ],
        ),
      )
      return { ok: depot.rows === ROWS + 1 }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  },
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

async function depotExport(dataDir: string, admin: { email: string; password: string }, settings: Settings) {
  const target = await serveDepot(dataDir, settings)
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

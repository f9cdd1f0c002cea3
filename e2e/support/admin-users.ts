import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'

// Helpers for browser tests that need particular users: they are made with the operator command line
// (`npm run admin -- create-user …`, architecture.md) against the e2e server's own database, and
// signed in through Auth.js's standard calls, the way a plain HTTP client would.
//
// Where the database is: DEPOT_E2E_DATA_DIR (and DEPOT_E2E_DATABASE_URL for PostgreSQL) when set.
// Otherwise, on Linux, the server that e2e/support/global-setup.ts started is found by its command
// line (dist/server/main.js) and its AUTH_URL (the test origin), and only its DATA_DIR and
// DATABASE_URL are read from its environment.

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')
const CLI = path.join(ROOT, 'scripts', 'admin.ts')
// The operator variables global-setup keeps from the server; the command line must not see a
// developer's own configuration either.
const HOST_VARIABLES =
  /^(DATABASE_URL|AUTH_|OIDC_|GOOGLE_|SMTP_URL|MAIL_FROM|S3_|PAYSTACK_|TRUST_PROXY|WEB_ROOT|SHOP_|DATA_DIR)/

export interface ServerDatabase {
  DATA_DIR: string
  DATABASE_URL?: string
}

let cached: ServerDatabase | undefined

/** The e2e server's data folder (and PostgreSQL URL, if it uses one). */
export function serverDatabase(): ServerDatabase {
  if (cached) return cached
  const explicit = process.env.DEPOT_E2E_DATA_DIR
  if (explicit) {
    cached = { DATA_DIR: explicit }
    if (process.env.DEPOT_E2E_DATABASE_URL) cached.DATABASE_URL = process.env.DEPOT_E2E_DATABASE_URL
    return cached
  }
  const origin = process.env.DEPOT_E2E_BASE_URL
  const found = origin ? findServerProcess(origin) : undefined
  if (!found) {
    throw new Error(
      `Cannot tell where the e2e server (${origin ?? 'DEPOT_E2E_BASE_URL unset'}) keeps its data. ` +
        'Set DEPOT_E2E_DATA_DIR (and DEPOT_E2E_DATABASE_URL for PostgreSQL) to its DATA_DIR.',
    )
  }
  cached = found
  return found
}

function findServerProcess(origin: string): ServerDatabase | undefined {
  let pids: string[]
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined // not Linux
  }
  for (const pid of pids) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      if (!args.some((arg) => arg.endsWith(path.join('dist', 'server', 'main.js')))) continue
      const env = new Map(
        fs
          .readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as const),
      )
      const dataDir = env.get('DATA_DIR')
      if (env.get('AUTH_URL') !== origin || !dataDir) continue
      const databaseUrl = env.get('DATABASE_URL')
      return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
    } catch {
      // A process that ended meanwhile, or someone else's: not ours.
    }
  }
  return undefined
}

/**
 * Runs `npm run admin -- <args>` against the e2e server's database; resolves with what it printed.
 * `input` goes to its standard input (for `batch --from -`).
 */
export function runAdminCli(args: readonly string[], input = ''): Promise<string> {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!HOST_VARIABLES.test(key)) env[key] = value
  Object.assign(env, serverDatabase(), { NODE_ENV: 'development', LOG_LEVEL: 'warn' })
  return new Promise((resolve, reject) => {
    // The bundle global-setup.ts made (admin-cli-bundle.ts), else the sources through tsx.
    const bundled = process.env.DEPOT_E2E_ADMIN_CLI
    const [command, commandArgs] = bundled ? [process.execPath, [bundled]] : [TSX, [CLI]]
    const child = spawn(command, [...commandArgs, ...args], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) resolve(out)
      else reject(new Error(`npm run admin -- ${args.join(' ')} exited with ${code}:\n${out}`))
    })
    // A run that ends before reading its input closes the pipe: its exit code says what happened.
    child.stdin.on('error', () => {})
    child.stdin.end(input)
  })
}

export interface NewUser {
  email: string
  password: string
  firstName: string
  lastName: string
  role?: 'user' | 'staff' | 'admin'
  functions?: readonly string[]
  verified?: boolean
  accountType?: 'individual' | 'corporate'
  businessName?: string
  industry?: string
  restricted?: boolean
}

function createArgs(user: NewUser): string[] {
  const args = ['create-user', '--email', user.email, '--password', user.password]
  args.push('--first-name', user.firstName, '--last-name', user.lastName)
  args.push('--role', user.role ?? 'user', '--account-type', user.accountType ?? 'individual')
  if (user.functions?.length) args.push('--functions', user.functions.join(','))
  if (user.verified) args.push('--verified')
  if (user.businessName) args.push('--business-name', user.businessName)
  if (user.industry) args.push('--industry', user.industry)
  return args
}

/**
 * The users this worker process has created, by e-mail. With fullyParallel, a worker that comes back
 * to a spec file after running another one runs the file's beforeAll again, with the users the file
 * made up when it was loaded: they exist already, and creating them again would be refused.
 */
const createdHere = new Map<string, Promise<void>>()

/**
 * Creates the users (and restricts those marked so), once each, in one command-line run: starting
 * the command line costs about a second of CPU, which the browsers beside it would rather have.
 */
export async function createUsers(users: readonly NewUser[]): Promise<void> {
  const earlier = users.flatMap((user) => createdHere.get(user.email) ?? [])
  const queue = users.filter((user) => !createdHere.has(user.email))
  if (queue.length > 0) {
    const lines = queue.flatMap((user) => [
      createArgs(user),
      ...(user.restricted ? [['restrict', '--email', user.email]] : []),
    ])
    const creation = runAdminCli(
      ['batch', '--from', '-'],
      lines.map((words) => JSON.stringify(words)).join('\n'),
    ).then(() => undefined)
    for (const user of queue) createdHere.set(user.email, creation)
    // A failed creation is not remembered: the test that needed it fails with its error.
    creation.catch(() => {
      for (const user of queue) createdHere.delete(user.email)
    })
    earlier.push(creation)
  }
  await Promise.all(earlier)
}

/**
 * Signs the page's browser context in: csrf → callback/credentials, as Auth.js's own form posts
 * them. The cookie lands in the context, so the next page load is signed in.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf')
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, callbackUrl: '/' },
    maxRedirects: 0,
  })
  const location = res.headers().location ?? ''
  if (res.status() !== 302 || /[?&]error=/.test(location)) {
    throw new Error(`Signing in as ${email} failed: HTTP ${res.status()} → ${location}`)
  }
  const me = await page.request.get('/api/me')
  if (!me.ok()) throw new Error(`Signed in as ${email}, but /api/me answered ${me.status()}`)
}

/** Parses RFC 4180 CSV (a BOM, quoted fields, CRLF records) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

/** CSV rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text)
  if (!header) return []
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])))
}

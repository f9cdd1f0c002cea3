import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { type Dovecot, dovecotAvailable, startDovecot } from '../../test/support/dovecot'
import { startOidcProvider, type TestOidcProvider } from '../../test/support/oidc-provider'
import { SmtpSink } from '../../test/support/smtp-sink'
import { bundleAdminCli } from './admin-cli-bundle'
import { E2E_OIDC_ACCOUNT, E2E_OIDC_NAME } from './identity-provider'

// Starts the production build once for the whole browser run:
//   1. builds (`npm run build`) when dist/ is missing or older than the sources, or always under CI;
//   2. runs `node dist/server/main.js` on a free loopback port with a fresh DATA_DIR (SQLite);
//   3. waits for /readyz and exports the origin as DEPOT_E2E_BASE_URL (playwright.config.ts reads it);
// and returns the teardown, which stops the server with SIGTERM (checking it exits cleanly: graceful
// shutdown is part of the product) and deletes the data folder.
//
// The server's output goes to test-results/e2e-server.log (path in DEPOT_E2E_SERVER_LOG); the fixture
// in e2e/support/fixtures.ts fails a test during which the server logged an error.
//
// Around the server, on loopback, the real outside world it talks to (architecture.md: real components):
//   - an SMTP server (`smtp-server`) the app sends all its mail to (SMTP_URL); each message lands as an
//     .eml file in DEPOT_E2E_MAIL_DIR, where tests read it (e2e/support/mailbox.ts);
//   - an OpenID provider (`oidc-provider`) configured as the app's generic provider (OIDC_*), knowing
//     one person (e2e/support/identity-provider.ts), with a login page a browser fills in;
//   - when Debian's dovecot is installed (decision 0129), an IMAP mailbox the app reads customers'
//     answers from (INBOUND_IMAP_URL, replies' Reply-To inbox+<token>@depot.test); tests deliver into it
//     at DEPOT_E2E_IMAP_URL. Without dovecot the app runs without a mailbox and those tests skip.
// The data folder is exported as DEPOT_E2E_DATA_DIR for helpers that use the operator command line,
// which is bundled first (admin-cli-bundle.ts; its entry in DEPOT_E2E_ADMIN_CLI).
//
// NODE_ENV=production is not possible here: production refuses the built-in Paystack emulator and an
// http AUTH_URL. Development mode with LOG_LEVEL=warn is the closest we get to production behaviour.

const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 30_000 // the server's own grace period (SHUTDOWN_GRACE_SECONDS) is 25 s

// Operator variables (architecture.md) that would leak a developer's own configuration into the run.
const HOST_VARIABLES =
  /^(DATABASE_URL|AUTH_|OIDC_|GOOGLE_|SMTP_URL|MAIL_FROM|S3_|PAYSTACK_|TRUST_PROXY|WEB_ROOT|SHOP_|INBOUND_)/

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd()
  const adminCli = await bundleAdminCli(root)
  process.env.DEPOT_E2E_ADMIN_CLI = adminCli.entry
  try {
    const stop = await startServer(root)
    return async () => {
      try {
        await stop?.()
      } finally {
        adminCli.remove()
      }
    }
  } catch (error) {
    adminCli.remove()
    throw error
  }
}

/** Builds and starts the server (unless DEPOT_E2E_BASE_URL names one); answers how to stop it. */
async function startServer(root: string): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DEPOT_E2E_BASE_URL) {
    console.info(`[e2e] using the server at ${process.env.DEPOT_E2E_BASE_URL} (DEPOT_E2E_BASE_URL is set)`)
    return undefined
  }
  buildIfNeeded(root)

  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-e2e-'))
  const mailDir = path.join(dataDir, 'smtp-received')
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true })

  const outside = await startOutsideWorld(origin, mailDir).catch((error: unknown) => {
    removeDataDir()
    throw error
  })
  const logFile = path.join(root, 'test-results', 'e2e-server.log')
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const logFd = fs.openSync(logFile, 'w')

  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!HOST_VARIABLES.test(key)) env[key] = value
  Object.assign(env, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // The public pages come server-rendered however loaded the machine (the specs check they do).
    PAGE_DATA_BUDGET_MS: '60000',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_ROOT: path.join(root, 'dist', 'web'),
    // The server requires a same-origin Origin on state-changing calls: this must be what the browser uses.
    AUTH_URL: origin,
    SMTP_URL: outside.smtp.url,
    MAIL_FROM: 'Depot <no-reply@depot.test>',
    // The inbox forms' minimum fill time (a bot guard): the forms wait it out before sending, so a
    // second keeps the browser tests quick while still going through the signed timestamp.
    INBOX_MIN_FILL_SECONDS: '1',
    // Every browser test sends its forms from 127.0.0.1: the per-address limit (10 an hour by default,
    // tested over HTTP in test/inbox) would refuse the suite's later forms; the per-e-mail one stays.
    INBOX_LIMIT_PER_IP: '1000',
    ...outside.idp.env(E2E_OIDC_NAME),
    ...(outside.imap
      ? {
          INBOUND_IMAP_URL: outside.imap.url(),
          INBOUND_REPLY_ADDRESS: 'inbox@depot.test',
          INBOUND_POLL_SECONDS: '2',
        }
      : {}),
    // Opt-in: the same browser tests against PostgreSQL (an empty database; the server migrates it).
    // Workers see the variable too, so e2e/support/admin-users.ts creates users in that database.
    ...(process.env.DEPOT_E2E_DATABASE_URL ? { DATABASE_URL: process.env.DEPOT_E2E_DATABASE_URL } : {}),
  })

  const server = spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', logFd, logFd],
  })
  fs.closeSync(logFd)
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code, signal) => {
      exit = { code, signal }
      resolve()
    }),
  )
  // Whatever happens to this process (an interrupted run), never leave the server behind.
  const killOnExit = () => server.kill('SIGKILL')
  process.once('exit', killOnExit)

  try {
    await waitUntilReady(origin, () => exit, logFile)
  } catch (error) {
    server.kill('SIGKILL')
    await exited
    await outside.stop()
    removeDataDir()
    throw error
  }

  process.env.DEPOT_E2E_BASE_URL = origin
  process.env.DEPOT_E2E_SERVER_LOG = logFile
  process.env.DEPOT_E2E_MAIL_DIR = mailDir
  process.env.DEPOT_E2E_DATA_DIR = dataDir
  if (outside.imap) process.env.DEPOT_E2E_IMAP_URL = outside.imap.url()
  console.info(`[e2e] server ready at ${origin} (log: ${path.relative(root, logFile)})`)

  return async () => {
    try {
      await stopServer(server, exited, () => exit, logFile)
    } finally {
      process.off('exit', killOnExit)
      await outside.stop()
      removeDataDir()
    }
  }
}

/** The SMTP server and the OpenID provider the app is configured against, both on loopback. */
async function startOutsideWorld(
  origin: string,
  mailDir: string,
): Promise<{ smtp: SmtpSink; idp: TestOidcProvider; imap: Dovecot | undefined; stop(): Promise<void> }> {
  const smtp = new SmtpSink({ saveTo: mailDir })
  await smtp.start()
  let idp: TestOidcProvider
  try {
    idp = await startOidcProvider({
      callbackUrl: `${origin}/api/auth/callback/oidc`,
      accounts: [E2E_OIDC_ACCOUNT],
    })
  } catch (error) {
    await smtp.stop()
    throw error
  }
  let imap: Dovecot | undefined
  if (dovecotAvailable()) {
    imap = await startDovecot().catch((error: unknown) => {
      console.warn(`[e2e] dovecot did not start; running without a mailbox: ${String(error)}`)
      return undefined
    })
  }
  return {
    smtp,
    idp,
    imap,
    stop: async () => {
      await Promise.allSettled([smtp.stop(), idp.close(), imap?.stop()])
    },
  }
}

/** Builds unless dist/ is newer than every input (always under CI, where mtimes say nothing). */
function buildIfNeeded(root: string): void {
  const outputs = [path.join(root, 'dist/server/main.js'), path.join(root, 'dist/web/index.html')]
  const force = process.env.CI === 'true' || process.env.CI === '1'
  // .ci/run builds just before `npm test`; it says so to save a second build of the same tree.
  const justBuilt = process.env.DEPOT_E2E_SKIP_BUILD === '1' && outputs.every((f) => fs.existsSync(f))
  let reason: string | undefined
  if (justBuilt) reason = undefined
  else if (force) reason = 'CI is set'
  else {
    const oldestOutput = Math.min(...outputs.map((f) => mtime(f) ?? 0))
    if (oldestOutput === 0) reason = 'dist/ is missing'
    else {
      const newest = newestInput(root)
      if (newest && newest.mtime > oldestOutput) reason = `${path.relative(root, newest.file)} changed`
    }
  }
  if (!reason) return
  console.info(`[e2e] building (${reason}): npm run build`)
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (${result.error?.message ?? `exit code ${result.status}`}); the browser tests need the build`,
    )
  }
  console.info(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

function mtime(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return undefined
  }
}

/** The most recently changed file the build reads (tests excluded: they are not built). */
function newestInput(root: string): { file: string; mtime: number } | undefined {
  let newest: { file: string; mtime: number } | undefined
  const consider = (file: string) => {
    const m = mtime(file)
    if (m !== undefined && (!newest || m > newest.mtime)) newest = { file, mtime: m }
  }
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'vite.config.ts',
    'scripts/build-server.mjs',
  ])
    consider(path.join(root, file))
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (!/\.test\.tsx?$/.test(entry.name)) consider(full)
    }
  }
  if (fs.existsSync(path.join(root, 'src'))) walk(path.join(root, 'src'))
  return newest
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

async function waitUntilReady(
  origin: string,
  exitStatus: () => { code: number | null; signal: NodeJS.Signals | null } | undefined,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    const status = exitStatus()
    if (status) {
      throw new Error(
        `The server exited during start-up (code ${status.code}, signal ${status.signal}).\n${logTail(logFile)}`,
      )
    }
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) })
      if (res.ok) return
      last = `/readyz answered ${res.status}: ${(await res.text()).slice(0, 300)}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(
    `The server was not ready within ${READY_TIMEOUT_MS / 1000} s (${last}).\n${logTail(logFile)}`,
  )
}

async function stopServer(
  server: ChildProcess,
  exited: Promise<void>,
  exitStatus: () => { code: number | null; signal: NodeJS.Signals | null } | undefined,
  logFile: string,
): Promise<void> {
  const before = exitStatus()
  if (before) {
    throw new Error(
      `The server died during the tests (code ${before.code}, signal ${before.signal}).\n${logTail(logFile)}`,
    )
  }
  server.kill('SIGTERM')
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS)),
  ])
  if (!inTime) {
    server.kill('SIGKILL')
    await exited
    throw new Error(
      `The server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM.\n${logTail(logFile)}`,
    )
  }
  const status = exitStatus()
  if (status?.code !== 0) {
    throw new Error(
      `The server exited with code ${status?.code} (signal ${status?.signal}) on SIGTERM; a graceful stop exits 0.\n${logTail(logFile)}`,
    )
  }
}

function logTail(logFile: string, lines = 30): string {
  try {
    const text = fs.readFileSync(logFile, 'utf8').trimEnd()
    if (!text) return `(the server printed nothing; log: ${logFile})`
    return `Last lines of ${logFile}:\n${text.split('\n').slice(-lines).join('\n')}`
  } catch {
    return `(no server log at ${logFile})`
  }
}

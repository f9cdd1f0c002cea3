import fs from 'node:fs'
import path from 'node:path'
import { type ServerType, serve } from '@hono/node-server'
import { createApp } from './app'
import { type Database, openDatabase } from './db/connection'
import { migrateToLatest } from './db/migrator'
import { type Env, EnvError, loadEnv } from './env'
import { announceFirstRunSetup } from './features/admin/first-run.service'
import { createMailTransport, startMailWorker } from './features/mail'
import { createNotificationHub } from './features/notifications/notification-hub'
import { documentAttachments } from './features/shop/invoices/invoices.service'
import { createPaystack } from './features/shop/paystack/paystack-setup'
import { readSiteIdentity } from './features/site/site-identity.service'
import { createMetrics, type Metrics } from './features/system/metrics'
import { buildJobTable, JOBS_START_DELAY_MS } from './jobs'
import { databaseJobLeases, instanceHolderId } from './lib/jobs/job-leases'
import { type Job, type JobRunner, startJobRunner } from './lib/jobs/job-runner'
import { createLogger, type Logger } from './lib/logger'
import { makePrivateDirSync } from './lib/private-files'
import { nameListeningInstance } from './lib/process-instance'
import { GENERATED_SECRET_FILE, readOrCreateSecret } from './lib/secret-file'
import { loadPageRenderer } from './lib/server-render/server-render'
import { createStorage } from './lib/storage'
import { handleProcessSignals } from './process-signals'

// The process entry: read configuration, open and migrate the database, start the mail worker and the
// periodic jobs, serve, and hand the running server to its signal handlers (process-signals.ts: graceful
// shutdown on SIGTERM/SIGINT, every periodic job now on SIGUSR2).

function readEnv(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(
        `Depot cannot start. ${error.message}\nSee .env.example for every variable and its meaning.`,
      )
      process.exit(1)
    }
    throw error
  }
}

async function main(): Promise<void> {
  const env = readEnv()
  const logger = createLogger({ level: env.logLevel })
  makePrivateDirSync(env.dataDir)
  if (!env.authSecret) env.authSecret = readOrCreateSecret(path.join(env.dataDir, GENERATED_SECRET_FILE))

  const database = await openMigratedDatabase(env, logger)
  const webRoot = builtWebRoot(env, logger)
  const clock = () => new Date()
  const storage = createStorage(env)
  // One gateway for the app and the jobs (with no keys, one built-in emulator and its state).
  const payments = createPaystack({ env, database })
  await announceFirstRunSetup({ database, clock, env }, logger)
  const mailWorker = startMailWorker({
    database,
    transport: createMailTransport({ ...env.mail, dataDir: env.dataDir }, logger),
    senderName: async () => (await readSiteIdentity(database.db, env)).name,
    attachments: documentAttachments({ database }),
    logger,
    clock,
    pollMs: 5_000,
  })
  const mailer = { kick: () => mailWorker.kick() }
  const notificationHub = createNotificationHub()
  const metrics = createMetrics(database, notificationHub, { processMetrics: true })
  const jobDeps = { database, clock, env, storage, paystack: payments.paystack, mailer }
  const { jobs, jobTable } = startJobs(jobDeps, logger, metrics)
  // The IMAP client and the mail parser are loaded only when a mailbox is configured.
  const inbound = env.inbound.imap
    ? (await import('./features/inbox/inbound/mailbox-reader')).startInboundReader(jobDeps, {
        leases: databaseJobLeases(database.db, instanceHolderId(), clock),
        logger,
      })
    : undefined

  const renderPage = webRoot ? await loadPageRenderer(webRoot) : undefined
  const { app } = createApp({
    env,
    database,
    logger,
    clock,
    webRoot,
    renderPage,
    mailer,
    storage,
    ...payments,
    notificationHub,
    metrics,
  })
  const server = listen(app.fetch, env, logger, database.dialect)
  handleProcessSignals({
    server,
    database,
    notificationHub,
    mailWorker,
    jobs,
    jobTable,
    inbound,
    logger,
    graceMs: env.shutdownGraceMs,
  })
}

/** Opens the configured database and applies the migrations it lacks, logging each one applied. */
async function openMigratedDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = openDatabase(env.database, {
    onConnectionError: (error) =>
      logger.warn({ err: error }, 'a pooled database connection failed; it will be replaced'),
  })
  const applied = await migrateToLatest(database)
  for (const result of applied) logger.info({ migration: result.migrationName }, 'migration applied')
  return database
}

/** The built web app's folder, or undefined (and a warning) when it has not been built. */
function builtWebRoot(env: Env, logger: Logger): string | undefined {
  const webRoot = fs.existsSync(path.join(env.webRoot, 'index.html')) ? env.webRoot : undefined
  if (!webRoot) logger.warn({ webRoot: env.webRoot }, 'web app not built: run `npm run build` to serve it')
  return webRoot
}

/** Every instance schedules every job; a lease in the database lets one of them do each run (jobs.ts). */
function startJobs(
  deps: Parameters<typeof buildJobTable>[0],
  logger: Logger,
  metrics: Metrics,
): { jobs: JobRunner; jobTable: Job[] } {
  const holder = instanceHolderId()
  const jobTable = buildJobTable(deps)
  const jobs = startJobRunner({
    jobs: jobTable,
    logger: logger.child({ component: 'jobs', holder }),
    startDelayMs: JOBS_START_DELAY_MS,
    leases: databaseJobLeases(deps.database.db, holder, deps.clock),
    observe: (turn) => metrics.observeJob(turn),
  })
  return { jobs, jobTable }
}

/** Serves the app on the configured address and logs where, once it listens. */
function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  env: Env,
  logger: Logger,
  dialect: Database['dialect'],
): ServerType {
  const server = serve({ fetch, port: env.port, hostname: env.host }, (info) => {
    nameListeningInstance(info.port)
    logger.info(
      {
        url: `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`,
        dialect,
      },
      'Depot is listening',
    )
  })
  // Keep an idle connection open longer than the proxies and clients in front of us keep theirs (nginx's
  // upstream keepalive_timeout is 60 s): when the server closes first, a request the other side sends on
  // the closing connection at that moment fails with a reset (a 502 behind a proxy).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS
    server.headersTimeout = KEEP_ALIVE_MS + 1_000
  }
  return server
}

const KEEP_ALIVE_MS = 65_000

main().catch((error: unknown) => {
  console.error('Depot failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})

import fs from 'node:fs'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { openDatabase } from './db/connection'
import { migrateToLatest } from './db/migrator'
import { type Env, EnvError, loadEnv } from './env'
import { announceFirstRunSetup } from './features/admin/first-run.service'
import { createMailTransport, startMailWorker } from './features/mail'
import { closeNotificationStreams } from './features/notifications/notification-hub'
import { createPaystack } from './features/shop/paystack/paystack-setup'
import { createMetrics } from './features/system/metrics'
import { buildJobTable, JOBS_START_DELAY_MS } from './jobs'
import { databaseJobLeases, instanceHolderId } from './lib/jobs/job-leases'
import { startJobRunner } from './lib/jobs/job-runner'
import { createLogger } from './lib/logger'
import { GENERATED_SECRET_FILE, readOrCreateSecret } from './lib/secret-file'
import { createStorage } from './lib/storage'

// The process entry: read configuration, open and migrate the database, start the mail worker and the
// periodic jobs, serve, and shut down gracefully on SIGTERM/SIGINT (end event streams at once, finish
// in-flight requests, stop the worker and the jobs, then close the database and exit 0). SIGUSR2 runs
// every periodic job now.

const SHUTDOWN_GRACE_MS = 25_000

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
  fs.mkdirSync(env.dataDir, { recursive: true })
  if (!env.authSecret) env.authSecret = readOrCreateSecret(path.join(env.dataDir, GENERATED_SECRET_FILE))

  const database = openDatabase(env.database, {
    onConnectionError: (error) =>
      logger.warn({ err: error }, 'a pooled database connection failed; it will be replaced'),
  })
  const applied = await migrateToLatest(database)
  for (const result of applied) logger.info({ migration: result.migrationName }, 'migration applied')

  const webRoot = fs.existsSync(path.join(env.webRoot, 'index.html')) ? env.webRoot : undefined
  if (!webRoot) logger.warn({ webRoot: env.webRoot }, 'web app not built: run `npm run build` to serve it')

  const clock = () => new Date()
  const storage = createStorage(env)
  // One gateway for the app and the jobs (with no keys, one built-in emulator and its state).
  const payments = createPaystack({ env, database })
  await announceFirstRunSetup({ database, clock, env }, logger)
  const mailWorker = startMailWorker({
    database,
    transport: createMailTransport({ ...env.mail, dataDir: env.dataDir }, logger),
    logger,
    clock,
    pollMs: 5_000,
  })
  const metrics = createMetrics(database, { processMetrics: true })
  // Every instance schedules every job; a lease in the database lets one of them do each run (jobs.ts).
  const holder = instanceHolderId()
  const jobTable = buildJobTable({
    database,
    clock,
    env,
    storage,
    paystack: payments.paystack,
    mailer: { kick: () => mailWorker.kick() },
  })
  const jobs = startJobRunner({
    jobs: jobTable,
    logger: logger.child({ component: 'jobs', holder }),
    startDelayMs: JOBS_START_DELAY_MS,
    leases: databaseJobLeases(database.db, holder, clock),
    observe: (turn) => metrics.observeJob(turn),
  })

  const { app } = createApp({
    env,
    database,
    logger,
    clock,
    webRoot,
    mailer: { kick: () => mailWorker.kick() },
    storage,
    ...payments,
    metrics,
  })
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    logger.info(
      {
        url: `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`,
        dialect: database.dialect,
      },
      'Depot is listening',
    )
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: finishing requests in flight')
    // Event streams never finish by themselves: end them now; browsers reconnect to another instance.
    closeNotificationStreams(database)
    // No job starts from now on; one in flight finishes (or stops between batches) meanwhile.
    const jobsStopped = jobs.stop()
    const force = setTimeout(() => {
      logger.warn('requests still running after the grace period; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    // close() stops accepting connections and waits for active requests. A connection whose request
    // finishes goes back to keep-alive idle, so keep closing idle ones rather than wait out the timeout.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    }
    const sweep = setInterval(closeIdle, 100)
    server.close(async (error) => {
      clearInterval(sweep)
      // Both wait for their work in flight, which needs the database.
      await Promise.all([mailWorker.stop(), jobsStopped])
      await database.close()
      logger.info('stopped')
      process.exit(error ? 1 : 0)
    })
    closeIdle()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  // SIGUSR2: every job's turn comes now (after a restore, say, rather than at the next turn). Each turn
  // still takes the job's lease, so with several instances signalled together one runs each job.
  process.on('SIGUSR2', () => {
    if (stopping) return
    logger.info({ signal: 'SIGUSR2' }, 'running every periodic job now')
    for (const job of jobTable) void jobs.runNow(job.name)
  })
}

main().catch((error: unknown) => {
  console.error('Depot failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})

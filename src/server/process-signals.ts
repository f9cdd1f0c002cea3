import type { ServerType } from '@hono/node-server'
import type { Database } from './db/connection'
import { releaseThisProcessWriters } from './features/files/transfer/upload-staging'
import type { MailWorker } from './features/mail'
import type { NotificationHub } from './features/notifications/notification-hub'
import type { Job, JobRunner } from './lib/jobs/job-runner'
import type { Logger } from './lib/logger'

// What the running server does on a signal. SIGTERM/SIGINT shut it down gracefully: end event streams
// at once, finish in-flight requests, stop the mail worker and the jobs, then close the database and
// exit 0 (1 when requests outlast the grace period, SHUTDOWN_GRACE_SECONDS, after giving back the
// upload leases they hold).
// SIGUSR2 runs every periodic job now.

/** How long a forced exit waits for the database to take back its upload leases. */
const LEASE_RELEASE_MS = 2_000

/** The parts of a running server that its signals act on. */
export interface RunningServer {
  server: ServerType
  database: Database
  notificationHub: NotificationHub
  mailWorker: MailWorker
  jobs: JobRunner
  jobTable: readonly Job[]
  /** The mailbox reader, when INBOUND_IMAP_URL is set. */
  inbound?: { stop(): Promise<void> }
  logger: Logger
  /** How long requests in flight may take to finish once a shutdown begins. */
  graceMs: number
}

export function handleProcessSignals(running: RunningServer): void {
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    shutDown(running, signal)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  // SIGUSR2: every job's turn comes now (after a restore, say, rather than at the next turn). Each turn
  // still takes the job's lease, so with several instances signalled together one runs each job.
  process.on('SIGUSR2', () => {
    if (stopping) return
    running.logger.info({ signal: 'SIGUSR2' }, 'running every periodic job now')
    for (const job of running.jobTable) void running.jobs.runNow(job.name)
  })
}

/** The graceful shutdown sequence; the process exits at its end, or when the grace period runs out. */
function shutDown(
  { server, database, notificationHub, mailWorker, jobs, inbound, logger, graceMs }: RunningServer,
  signal: string,
): void {
  logger.info({ signal }, 'shutting down: finishing requests in flight')
  // Event streams never finish by themselves: end them now; browsers reconnect to another instance.
  notificationHub.close()
  // No job starts from now on; one in flight finishes (or stops between batches) meanwhile.
  const jobsStopped = jobs.stop()
  const inboundStopped = inbound?.stop()
  const force = setTimeout(() => {
    logger.warn('requests still running after the grace period; exiting')
    // Uploads cut off here give their writer leases back, so their clients resume elsewhere at once.
    const exit = () => process.exit(1)
    setTimeout(exit, LEASE_RELEASE_MS).unref()
    releaseThisProcessWriters(database.db).then((released) => {
      if (released > 0) logger.info({ released }, 'upload writer leases given back')
      exit()
    }, exit)
  }, graceMs)
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
    await Promise.all([mailWorker.stop(), jobsStopped, inboundStopped])
    await database.close()
    logger.info('stopped')
    process.exit(error ? 1 : 0)
  })
  closeIdle()
}

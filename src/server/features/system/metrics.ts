import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../../db/connection'
import type { JobOutcome } from '../../lib/jobs/job-runner'
import { outboxDepth } from '../mail/outbox.repository'
import type { NotificationHub } from '../notifications/notification-hub'

/**
 * The Prometheus metrics of one app instance, on its own prom-client Registry (never the global one:
 * tests build many apps in one process). Requests are labelled by route template, never by raw path,
 * so a label set stays small and no credential in a path becomes a label. Gauges that need the
 * database are read when scraped. GET /metrics (metrics.routes.ts) serves `registry.metrics()`.
 */
export interface Metrics {
  registry: Registry
  /** One finished request (headers sent): its method, route template, status and duration. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void
  /** Bytes a resumable upload accepted. */
  countUploadBytes(bytes: number): void
  /** One job turn (the runner's `observe`). */
  observeJob(turn: { job: string; outcome: JobOutcome; seconds: number }): void
}

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop, GC): once per process, so main.ts only. */
  processMetrics?: boolean
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export function createMetrics(
  database: Database,
  notificationHub: NotificationHub,
  options: MetricsOptions = {},
): Metrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'depot_' })

  const requests = new Counter({
    name: 'depot_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'depot_http_request_duration_seconds',
    help: 'Time from a request to its response headers, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const uploadBytes = new Counter({
    name: 'depot_upload_bytes_total',
    help: 'Bytes accepted by resumable (tus) uploads.',
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'depot_job_runs_total',
    help: 'Periodic job turns, by job and outcome: done, failed, or skipped (another instance held the lease).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  })
  const jobDuration = new Histogram({
    name: 'depot_job_duration_seconds',
    help: 'Duration of periodic job runs that did the work (done or failed), by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [registry],
  })
  new Gauge({
    name: 'depot_notification_streams_open',
    help: 'Notification event streams (SSE) open on this instance.',
    registers: [registry],
    collect() {
      this.set(notificationHub.openStreams())
    },
  })
  new Gauge({
    name: 'depot_mail_outbox_depth',
    help: 'E-mails not yet delivered, by status (pending: waiting or retrying; sending: claimed).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const depth = await outboxDepth(database.db)
      this.set({ status: 'pending' }, depth.pending)
      this.set({ status: 'sending' }, depth.sending)
    },
  })
  const poolStats = database.poolStats
  if (poolStats) {
    new Gauge({
      name: 'depot_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats()
        this.set({ state: 'total' }, stats.total)
        this.set({ state: 'idle' }, stats.idle)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    })
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.inc({ method, route, status: String(status) })
      latency.observe({ method, route }, seconds)
    },
    countUploadBytes(bytes) {
      if (bytes > 0) uploadBytes.inc(bytes)
    },
    observeJob({ job, outcome, seconds }) {
      jobRuns.inc({ job, outcome })
      if (outcome !== 'skipped') jobDuration.observe({ job }, seconds)
    },
  }
}

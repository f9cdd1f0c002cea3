import type { Logger } from 'pino'
import type { SessionUser } from '../shared/contract/accounts'
import type { RenderPage } from '../shared/rendered-page'
import type { Database } from './db/connection'
import type { Env } from './env'
import type { NotificationHub } from './features/notifications/notification-hub'
import type { PaystackEmulator } from './features/shop/paystack/emulator/emulator'
import type { PaystackGateway } from './features/shop/paystack/paystack-gateway'
import type { Metrics } from './features/system/metrics'
import type { Caller } from './lib/http/caller'
import type { BlobStore } from './lib/storage'

/** Everything a request may need, built once by main.ts (or by tests) and handed to createApp. */
export interface AppDeps {
  env: Env
  database: Database
  logger: Logger
  /** The one source of "now", so tests can move time. */
  clock: () => Date
  /** Wakes the e-mail worker after a transaction that queued mail commits (it also polls). */
  mailer: { kick(): void }
  /** File contents: local disk under DATA_DIR/blobs, or S3 when S3_BUCKET is set (createStorage(env)). */
  storage: BlobStore
  /**
   * Paystack's API as the shop calls it: Paystack, a stand-in at PAYSTACK_BASE_URL, or the built-in
   * emulator (createPaystack in shop/paystack/paystack-setup.ts, called once per process).
   */
  paystack: PaystackGateway
  /** The built-in emulator when no Paystack keys are set: createApp mounts it at /_emulator/paystack. */
  paystackEmulator?: PaystackEmulator
  /** This instance's open notification streams and what wakes them (createNotificationHub). */
  notificationHub: NotificationHub
  /** This instance's Prometheus metrics (createMetrics): requests, uploads, jobs, streams, outbox, pool. */
  metrics: Metrics
  /** The built web app (dist/web). Absent in API-only test runs. */
  webRoot?: string
  /** Renders the web app's public pages (its server build, dist/web-server); absent, the shell is sent. */
  renderPage?: RenderPage
}

/** Hono's environment for our app: what every handler finds on `c.var`. */
/** A live session and its user, as read fresh on each request (accounts/sessions/sessions.service.ts). */
export interface ResolvedSession {
  sessionId: string
  user: SessionUser & { isRestricted: boolean; emailVerified: string | null }
}

export interface AppEnv {
  Variables: {
    deps: AppDeps
    requestId: string
    logger: Logger
    /** Who is calling, built once per request by the session middleware (anonymous until then). */
    caller: Caller
    /**
     * The caller's session when signed in (set by the session middleware). For a request with a
     * personal access token (`via: 'token'`), `id` is the token's id and there is no cookie `token`.
     */
    session: { id: string; token: string; user: ResolvedSession['user']; via: 'cookie' | 'token' } | undefined
  }
}

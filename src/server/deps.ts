import type { Logger } from 'pino'
import type { Database } from './db/connection'
import type { Env } from './env'
import type { Actor } from './policies/actor'

/** Everything a request may need, built once by main.ts (or by tests) and handed to createApp. */
export interface AppDeps {
  env: Env
  database: Database
  logger: Logger
  /** The one source of "now", so tests can move time. */
  clock: () => Date
  /** The built web app (dist/web). Absent in API-only test runs. */
  webRoot?: string
}

/** Hono's environment for our app: what every handler finds on `c.var`. */
export interface AppEnv {
  Variables: {
    deps: AppDeps
    requestId: string
    logger: Logger
    actor: Actor
  }
}

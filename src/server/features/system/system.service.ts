import type { NotReadyProblem, Readiness } from '../../../shared/contract/system'
import { isReachable } from '../../db/connection'
import { pendingMigrations } from '../../db/migrator'
import type { AppDeps } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'

/** What a load balancer should wait before asking a not-ready instance again. */
const NOT_READY_RETRY_AFTER_SECONDS = 5

type Checks = Pick<NotReadyProblem, 'checks' | 'pendingMigrations'>

/**
 * Ready means: the database answers and every migration this build knows has been applied. Not ready
 * is a 503 Problem carrying the checks (and the pending migrations), with Retry-After.
 */
export async function checkReadiness(deps: Pick<AppDeps, 'database'>): Promise<Readiness> {
  if (!(await isReachable(deps.database))) {
    throw notReady('The database is not answering.', {
      checks: { database: 'unreachable', migrations: 'unknown' },
    })
  }
  const pending = await pendingMigrations(deps.database).catch(() => undefined)
  if (pending === undefined) {
    throw notReady('The applied migrations could not be read.', {
      checks: { database: 'ok', migrations: 'unknown' },
    })
  }
  if (pending.length > 0) {
    throw notReady('Migrations are pending.', {
      checks: { database: 'ok', migrations: 'pending' },
      pendingMigrations: pending,
    })
  }
  return { status: 'ready', checks: { database: 'ok', migrations: 'ok' } }
}

function notReady(detail: string, checks: Checks): HttpProblem {
  return new HttpProblem(
    503,
    'service_unavailable',
    detail,
    undefined,
    { 'Retry-After': String(NOT_READY_RETRY_AFTER_SECONDS) },
    checks,
  )
}

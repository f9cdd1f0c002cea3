import type { Readiness } from '../../../shared/contract/system'
import { isReachable } from '../../db/connection'
import { pendingMigrations } from '../../db/migrator'
import type { AppDeps } from '../../deps'

/** Ready means: the database answers and every migration this build knows has been applied. */
export async function checkReadiness(deps: Pick<AppDeps, 'database'>): Promise<Readiness> {
  if (!(await isReachable(deps.database))) {
    return { status: 'not_ready', checks: { database: 'unreachable', migrations: 'unknown' } }
  }
  const pending = await pendingMigrations(deps.database).catch(() => undefined)
  if (pending === undefined) return { status: 'not_ready', checks: { database: 'ok', migrations: 'unknown' } }
  if (pending.length > 0) {
    return {
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'pending' },
      pendingMigrations: pending,
    }
  }
  return { status: 'ready', checks: { database: 'ok', migrations: 'ok' } }
}

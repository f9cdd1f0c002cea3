import type { Transaction } from 'kysely'
import { formatBytes } from '../../../../shared/bytes'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { lockUserForReservation, type StorageUsage, storageUsage } from './storage-usage.repository'

// Customers' storage quota (product.md §8, docs/decisions/0046). What a user uses is counted, never
// kept as a running total: the bytes of the files they made (uploads and copies, the trash included
// until it is emptied, and the files' earlier versions: decision 0088) plus the declared lengths of their uploads under way that have not expired.
// Creating an upload or a copy reserves its bytes atomically: the check and the write that makes the
// bytes count (the upload session, the copied file rows) happen in one transaction that holds the
// user's row locked, so concurrent creations queue and the later ones see the earlier ones' bytes.
// A terminated, expired or completed upload stops counting as a reservation with its session.

/** The user's quota in bytes; null when they have none (staff and admins, or USER_QUOTA_BYTES=0). */
export function quotaOf(deps: Pick<AppDeps, 'env'>, actor: Caller): number | null {
  if (actor.kind !== 'user' || actor.role !== 'user') return null
  return deps.env.uploads.userQuotaBytes ?? null
}

/**
 * Inside the transaction that makes `bytes` count for the user: waits for their other reservations
 * (the user's row stays locked until this transaction ends; SQLite has one writer), then refuses with
 * 413 `quota_exceeded` when the bytes do not fit. 413 rather than 507: tus clients retry any 5xx.
 */
export async function reserveStorage(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  bytes: number,
  now: Date,
  what: 'upload' | 'copy',
): Promise<void> {
  await refuseWhenFull(trx, deps, actor, { bytes, now, what }, (userId) =>
    lockUserForReservation(trx, userId),
  )
}

/** The same check without a reservation: refuses early, before bytes are moved for nothing. */
export async function checkStorage(
  db: Db,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  bytes: number,
  now: Date,
  what: 'upload' | 'copy',
): Promise<void> {
  await refuseWhenFull(db, deps, actor, { bytes, now, what })
}

async function refuseWhenFull(
  db: Db,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  ask: { bytes: number; now: Date; what: 'upload' | 'copy' },
  lock?: (userId: string) => Promise<void>,
): Promise<void> {
  const quota = quotaOf(deps, actor)
  if (quota === null || actor.kind !== 'user') return
  await lock?.(actor.id)
  assertFits(await storageUsage(db, actor.id, ask.now), ask.bytes, quota, ask.what)
}

function assertFits(usage: StorageUsage, bytes: number, quota: number, what: 'upload' | 'copy') {
  const used = usage.stored + usage.reserved
  if (used + bytes <= quota) return
  throw new HttpProblem(
    413,
    'quota_exceeded',
    `This ${what} needs ${formatBytes(bytes)}, but only ${formatBytes(Math.max(0, quota - used))} of your ${formatBytes(quota)} storage quota is free. Empty your trash or delete files to make room.`,
  )
}

/** GET /api/me/storage: what the files home shows as "used / quota". */
export async function myStorage(deps: AppDeps, actor: Caller) {
  if (actor.kind !== 'user') throw new Error('signed-in route')
  const usage = await storageUsage(deps.database.db, actor.id, deps.clock())
  return { used: usage.stored + usage.reserved, uploading: usage.reserved, quota: quotaOf(deps, actor) }
}

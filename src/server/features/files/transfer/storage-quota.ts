import type { Transaction } from 'kysely'
import { formatBytes } from '../../../../shared/bytes'
import type { Role } from '../../../../shared/enums'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { lockUserForReservation, type StorageUsage, storageUsage } from './storage-usage.repository'

// Customers' storage quota (product.md §8, docs/decisions/0046). What a user uses is counted, never
// kept as a running total: the bytes of the files they made (uploads and copies, the trash included
// until it is emptied, and the files' earlier versions whoever made them: decisions 0088, 0113) plus the declared lengths of their uploads under way that have not expired.
// Creating an upload or a copy reserves its bytes atomically: the check and the write that makes the
// bytes count (the upload session, the copied file rows) happen in one transaction that holds the
// user's row locked, so concurrent creations queue and the later ones see the earlier ones' bytes.
// A terminated, expired or completed upload stops counting as a reservation with its session.

/** The user's quota in bytes; null when they have none (staff and admins, or USER_QUOTA_BYTES=0). */
export function quotaOf(deps: Pick<AppDeps, 'env'>, actor: Caller): number | null {
  if (actor.kind !== 'user') return null
  return quotaOfRole(deps, actor.role)
}

function quotaOfRole(deps: Pick<AppDeps, 'env'>, role: Role): number | null {
  if (role !== 'user') return null
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

type Owner = { id: string; role: Role } | undefined

/**
 * A new version of a file counts against the file's owner (whoever made the file), whoever uploads it
 * (docs/decisions/0113): the replaced content stays as a version and the new content adds its bytes.
 * Inside the transaction that lands the version, with the owner's row locked like a reservation, refuses
 * with 413 `quota_exceeded` when the new content does not fit in the owner's quota, saying whose.
 */
export async function reserveVersionStorage(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  owner: Owner,
  bytes: number,
  now: Date,
): Promise<void> {
  await refuseVersionWhenFull(trx, deps, actor, owner, { bytes, now }, (id) =>
    lockUserForReservation(trx, id),
  )
}

/** The same check at a replacing upload's creation: refuses before bytes are moved for nothing. */
export async function checkVersionStorage(
  db: Db,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  owner: Owner,
  bytes: number,
  now: Date,
): Promise<void> {
  await refuseVersionWhenFull(db, deps, actor, owner, { bytes, now })
}

async function refuseVersionWhenFull(
  db: Db,
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  owner: Owner,
  ask: { bytes: number; now: Date },
  lock?: (userId: string) => Promise<void>,
): Promise<void> {
  const quota = owner ? quotaOfRole(deps, owner.role) : null
  if (!owner || quota === null) return
  await lock?.(owner.id)
  const usage = await storageUsage(db, owner.id, ask.now)
  const used = usage.stored + usage.reserved
  if (used + ask.bytes <= quota) return
  const needs = formatBytes(ask.bytes)
  const free = formatBytes(Math.max(0, quota - used))
  const mine = actor.kind === 'user' && actor.id === owner.id
  throw new HttpProblem(
    413,
    'quota_exceeded',
    mine
      ? `Your storage is full: this new version needs ${needs}, but only ${free} of your ${formatBytes(quota)} storage quota is free. Empty your trash or delete files or earlier versions to make room.`
      : `The owner's storage is full: a new version counts against the storage of the file's owner, and this one needs ${needs}, but only ${free} of their ${formatBytes(quota)} quota is free. Ask the owner to make room.`,
  )
}

/** GET /api/me/storage: what the files home shows as "used / quota". */
export async function myStorage(deps: AppDeps, actor: Caller) {
  if (actor.kind !== 'user') throw new Error('signed-in route')
  const usage = await storageUsage(deps.database.db, actor.id, deps.clock())
  return {
    used: usage.stored + usage.reserved,
    uploading: usage.reserved,
    versions: usage.versions,
    quota: quotaOf(deps, actor),
  }
}

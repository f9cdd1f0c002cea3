import { sql, type Transaction } from 'kysely'
import { type Db, isPostgres } from '../../../db/db'
import type { DB } from '../../../db/schema'

// What a user's storage holds, counted from the rows (never kept as a running total), and the lock
// that queues their reservations.

export interface StorageUsage {
  /** Bytes of the files the user made, their earlier versions included. */
  stored: number
  /** The part of `stored` held by earlier versions of the user's files, whoever uploaded them. */
  versions: number
  /** Bytes their unfinished, unexpired uploads have reserved. */
  reserved: number
}

export async function storageUsage(db: Db, userId: string, now: Date): Promise<StorageUsage> {
  // One statement, three sums: inside a reservation's transaction each statement is a round trip.
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('files')
        .select((f) => f.fn.coalesce(f.fn.sum<number>('size'), f.val(0)).as('total'))
        .where('createdBy', '=', userId)
        .as('stored'),
      // A file's earlier versions count for the file's owner, whoever uploaded them (decisions 0088, 0113).
      eb
        .selectFrom('file_versions as v')
        .innerJoin('files as f', 'f.id', 'v.file_id')
        .select((v) => v.fn.coalesce(v.fn.sum<number>('v.size'), v.val(0)).as('total'))
        .where('f.createdBy', '=', userId)
        .as('versions'),
      eb
        .selectFrom('upload_sessions')
        .select((u) => u.fn.coalesce(u.fn.sum<number>('length'), u.val(0)).as('total'))
        .where('user_id', '=', userId)
        .where('expiresAt', '>', now.toISOString())
        .as('reserved'),
    ])
    .executeTakeFirstOrThrow()
  const versions = Number(row.versions ?? 0)
  return {
    stored: Number(row.stored ?? 0) + versions,
    versions,
    reserved: Number(row.reserved ?? 0),
  }
}

/**
 * Holds the user's row until the transaction ends (PostgreSQL; SQLite has one writer). NO KEY UPDATE:
 * queues this user's reservations, yet lets rows that merely reference the user (a file's createdBy,
 * whose foreign key check takes KEY SHARE) be written meanwhile, so no deadlock with a transaction that
 * locked a folder and then inserts such a row.
 */
export async function lockUserForReservation(trx: Transaction<DB>, userId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select id from users where id = ${userId} for no key update`.execute(trx)
}

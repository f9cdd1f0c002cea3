import type { Db } from '../../db/db'

// The blob deletion queue's rows (blob_deletions): one per blob key waiting to be removed from storage.

const BATCH = 100

/** Queues the keys (each once; a key already queued stays as it is). Call it in the transaction that drops their rows. */
export async function enqueueBlobDeletions(db: Db, keys: readonly string[], now: Date): Promise<void> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return
  const stamp = now.toISOString()
  for (let i = 0; i < unique.length; i += BATCH) {
    await db
      .insertInto('blob_deletions')
      .values(
        unique
          .slice(i, i + BATCH)
          .map((key) => ({ key, attempts: 0, nextAttemptAt: stamp, createdAt: stamp })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
  }
}

/** The queued deletions due at `now`, the longest waiting first. */
export function dueBlobDeletions(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('blob_deletions')
    .selectAll()
    .where('nextAttemptAt', '<=', now.toISOString())
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute()
}

/** Does a file row still name this blob? */
export async function removeBlobDeletion(db: Db, key: string): Promise<void> {
  await db.deleteFrom('blob_deletions').where('key', '=', key).execute()
}

/** Records a failed attempt and when to try again. */
export async function postponeBlobDeletion(
  db: Db,
  key: string,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('blob_deletions')
    .set({
      attempts: failure.attempts,
      lastError: failure.lastError,
      nextAttemptAt: failure.nextAttemptAt.toISOString(),
    })
    .where('key', '=', key)
    .execute()
}

/** Every key waiting in the queue. */
export async function queuedBlobKeys(db: Db): Promise<string[]> {
  return (await db.selectFrom('blob_deletions').select('key').execute()).map((r) => r.key)
}

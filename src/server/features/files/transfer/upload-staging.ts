import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { processInstance } from '../../../lib/process-instance'
import type { BlobSource, S3StagedState, StagedAppend, StagedWrite } from '../../../lib/storage'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import {
  clearWriterLease,
  clearWriterLeasesOf,
  deleteUploadSession,
  extendWriterLease,
  saveStagedState,
  takeWriterLease,
  type WriterLeaseRow,
} from './upload-sessions.repository'

// Where the bytes of an unfinished resumable upload wait, and who may add to them (decision 0081):
// a staged write in the blob store (an S3 multipart upload, or a staging file under the shared blob
// root), never one instance's own folder, so any instance behind the load balancer takes the next
// PATCH. The session row is the one truth about the upload: its offset (`staged_bytes`), the store's
// bookkeeping, and a lease naming the one request that appends now. Nothing here is a file of the file
// manager: the staged write becomes a blob only at completion.

/**
 * How long a writer's lease lasts without renewal: a request that died on an instance still running
 * (or on one that never comes back) holds its upload this long, short enough for a client's default
 * retries (tus-js-client's span about 9 s). A restarted instance voids its earlier boot's leases at
 * once, and a forced shutdown gives its own back (docs/decisions/0114).
 */
export const WRITER_LEASE_MS = 6_000
const RENEW_EVERY_MS = 1_500

export interface StagedSession {
  id: string
  length: number
  blob_key: string
  staged_bytes: number
  staging_state: string | null
}

/** The session's staged write, as the blob store wants it. */
export function stagedWriteOf(session: StagedSession): StagedWrite {
  return {
    key: session.blob_key,
    length: Number(session.length),
    offset: Number(session.staged_bytes),
    state: session.staging_state ? (JSON.parse(session.staging_state) as S3StagedState) : null,
  }
}

/** The columns that record a staged write (insert or update). */
export function stagingColumns(write: StagedWrite) {
  return {
    blob_key: write.key,
    staged_bytes: write.offset,
    staging_state: write.state ? JSON.stringify(write.state) : null,
  }
}

/** The upload's offset: bytes the store holds, as saved after the last append. */
export function stagedBytes(session: StagedSession): number {
  return Number(session.staged_bytes)
}

function leaseFor(token: string, now: Date): WriterLeaseRow {
  const { instance, boot } = processInstance()
  const until = new Date(now.getTime() + WRITER_LEASE_MS).toISOString()
  return { writer: token, writer_instance: instance, writer_boot: boot, writer_until: until }
}

type SessionRow = Selectable<DB['upload_sessions']>

/**
 * Takes the upload's writer lease: one request at a time appends, on whichever instance. Answers the
 * lease's token and the session row as it was taken, or undefined while another live request holds it
 * (or the session is gone).
 */
export async function claimWriter(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<{ token: string; session: SessionRow } | undefined> {
  const token = randomUUID()
  const session = await takeWriterLease(db, sessionId, leaseFor(token, now), now)
  return session && { token, session }
}

export interface HeldWriter {
  token: string
  /** The session row as the lease was taken: what no other request changes until release(). */
  session: SessionRow
  /** Stops renewing and gives the lease back. */
  release(): Promise<void>
  /** Stops renewing, for a session that is gone (its upload completed): no lease is left to give back. */
  stop(): Promise<void>
}

/** Takes the writer lease and renews it until release(): for a request that appends and completes. */
export async function holdWriter(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  sessionId: string,
): Promise<HeldWriter | undefined> {
  const claimed = await claimWriter(deps.database.db, sessionId, deps.clock())
  return claimed && heldWriter(deps, claimed.session, claimed.token)
}

/**
 * The writer lease a new session is inserted with, for the request that creates it and sends its
 * first bytes (tus creation-with-upload): no other request knows the session yet, so none is claimed.
 */
export function creatorLease(now: Date): { token: string; columns: WriterLeaseRow } {
  const token = randomUUID()
  return { token, columns: leaseFor(token, now) }
}

/** Renews the lease `token` on `session` until release() or stop(). */
export function heldWriter(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  session: SessionRow,
  token: string,
): HeldWriter {
  const renewal = renewWriter(deps, session.id, token)
  return {
    token,
    session,
    async release() {
      await renewal.stop()
      await clearWriterLease(deps.database.db, session.id, token)
    },
    stop: () => renewal.stop(),
  }
}

/** A forced shutdown: the leases of this process's requests go with it, so no client waits them out. */
export async function releaseThisProcessWriters(db: Db): Promise<number> {
  const { instance, boot } = processInstance()
  return clearWriterLeasesOf(db, instance, boot)
}

/** Keeps a lease alive while its request runs; stop() before releasing it. */
function renewWriter(deps: Pick<AppDeps, 'database' | 'clock'>, sessionId: string, token: string) {
  let last = Promise.resolve()
  const timer = setInterval(() => {
    const until = new Date(deps.clock().getTime() + WRITER_LEASE_MS).toISOString()
    last = last
      .then(() => extendWriterLease(deps.database.db, sessionId, token, until))
      .then(
        () => {},
        () => {}, // a missed renewal is tried again at the next tick
      )
  }, RENEW_EVERY_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await last
    },
  }
}

/**
 * Appends one request's body to the upload's staged write and saves the new offset, under the lease
 * `token` (held by holdWriter, which renews it). A body cut short is no error here: what arrived is kept and saved, and `failure` says why it
 * stopped. Answers undefined for the new state when the lease was lost meanwhile (nothing saved: the
 * lease's new holder starts from the offset saved before).
 */
export async function appendToStaging(
  deps: Pick<AppDeps, 'database' | 'clock' | 'storage' | 'env'>,
  session: StagedSession,
  token: string,
  body: BlobSource,
): Promise<{ saved: StagedWrite | undefined; failure: StagedAppend['failure'] }> {
  const appended = await deps.storage.appendStagedWrite(stagedWriteOf(session), body)
  const expiresAt = new Date(deps.clock().getTime() + deps.env.uploads.expiryMs).toISOString()
  const stored = await saveStagedState(deps.database.db, session.id, token, {
    ...stagingColumns(appended.write),
    expiresAt,
  })
  const saved = stored ? appended.write : undefined
  return { saved, failure: appended.failure }
}

/**
 * Ends an upload that will not complete (cancelled, expired, refused): the staged bytes go, and the
 * session row with its quota reservation. The key goes through the blob deletion queue in the same
 * transaction, in case a completion committed the blob before it was refused. Answers false when the
 * session was already gone (or, with `expiredBy`, is no longer expired).
 */
export async function removeStaging(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  session: StagedSession,
  now: Date,
  options: { expiredBy?: Date } = {},
): Promise<boolean> {
  await deps.storage.abortStagedWrite(stagedWriteOf(session))
  return deps.database.db.transaction().execute(async (trx) => {
    if (!(await deleteUploadSession(trx, session.id, options))) return false
    await enqueueBlobDeletions(trx, [session.blob_key], now)
    return true
  })
}

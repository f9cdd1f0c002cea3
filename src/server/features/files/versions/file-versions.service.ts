import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/blobs/blob-response'
import type { Disposition } from '../../../lib/blobs/blob-routes'
import { presentation } from '../../../lib/blobs/presentation-policy'
import { recordedAs, type SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { fileVersionAbilities } from '../../../policies/file-versions.policy'
import { recordAudit } from '../../audit/audit.service'
import { readableFile } from '../access/item-access'
import { notifyItem } from '../items/file-notify'
import {
  deleteOldVersions,
  deleteVersionRow,
  filesWithPurgeableVersions,
  findVersion,
  keepAsVersion,
  listVersions,
  lockFileRow,
  makeCurrentContent,
  userName,
} from './file-versions.repository'

// A file's versions (docs/decisions/0088). Replacing a file's content (a tus upload with `file_id`,
// transfer/uploads.service.ts) keeps the content it replaces as a version; here they are listed,
// downloaded like the file itself (the same ETag, range and disposition rules), restored and deleted.
// The caller's access on the file's folder decides (policies/file-versions.policy.ts); what they
// cannot open is 404, what they can open but not do is 403.

const DAY_MS = 24 * 60 * 60 * 1000
const noVersion = () => problems.notFound('This version does not exist.')

/** The audit record of a restored or deleted version: the file, the version, its size. */
function auditVersion(
  trx: Db,
  who: SignedInCaller,
  what: 'restored' | 'deleted',
  file: { id: string; filename: string },
  version: { id: string; size: number },
  now: Date,
) {
  return recordAudit(
    trx,
    {
      action: `file_version.${what}`,
      actor: recordedAs(who),
      target: { type: 'file', id: file.id },
      from: who.from,
      details: { version: version.id, filename: file.filename, size: Number(version.size) },
    },
    now,
  )
}

async function accessToFile(deps: AppDeps, who: SignedInCaller, fileId: string) {
  const found = await readableFile(deps.database.db, who, fileId)
  return { ...found, abilities: fileVersionAbilities(found.access) }
}

export async function listFileVersions(deps: AppDeps, who: SignedInCaller, fileId: string) {
  const db = deps.database.db
  const { file, abilities } = await accessToFile(deps, who, fileId)
  const rows = await listVersions(db, file.id)
  const currentBy = file.contentBy ?? file.createdBy
  const currentName = await userName(db, currentBy)
  return {
    file: { id: file.id, filename: file.filename },
    current: {
      size: Number(file.size),
      sha256: file.sha256,
      mimetype: file.mimetype,
      createdBy: currentBy && currentName !== null ? { id: currentBy, name: currentName } : null,
      updatedAt: file.updatedAt,
    },
    versions: rows.map((v) => ({
      id: v.id,
      size: Number(v.size),
      sha256: v.sha256,
      mimetype: v.mimetype,
      createdBy: v.createdBy && v.createdByName !== null ? { id: v.createdBy, name: v.createdByName } : null,
      createdAt: v.createdAt,
      replacedAt: v.replacedAt,
    })),
    abilities,
    kept: deps.env.fileVersionsKept,
    retentionDays: deps.env.trashRetentionDays,
  }
}

/** A version's blob, sent as the file's own preview or download would be (its name, its type's presentation). */
export async function versionToSend(
  deps: AppDeps,
  who: SignedInCaller,
  fileId: string,
  versionId: string,
  disposition: Disposition = 'attachment',
): Promise<BlobToSend> {
  const { file } = await accessToFile(deps, who, fileId)
  const version = await findVersion(deps.database.db, file.id, versionId)
  if (!version) throw noVersion()
  return {
    key: version.path,
    sha256: version.sha256,
    filename: file.filename,
    presentation: presentation(version.mimetype, disposition),
  }
}

/**
 * The version becomes the current content (updated now, by the caller) and the current content
 * becomes the newest version: nothing is lost and no byte is added, so the quota is unchanged.
 */
export async function restoreVersion(deps: AppDeps, who: SignedInCaller, fileId: string, versionId: string) {
  const { abilities } = await accessToFile(deps, who, fileId)
  if (!abilities.restore)
    throw problems.forbidden('You need editor rights on this folder to restore a version.')
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    await lockFileRow(trx, fileId)
    // Read again under the lock: another restore or replacement may have landed meanwhile.
    const { file, folder, access } = await readableFile(trx, who, fileId)
    if (!fileVersionAbilities(access).restore)
      throw problems.forbidden('You need editor rights on this folder to restore a version.')
    const version = await findVersion(trx, file.id, versionId)
    if (!version) throw noVersion()
    await keepAsVersion(trx, file, now)
    await deleteVersionRow(trx, version.id)
    await makeCurrentContent(trx, file.id, version, who.id, now)
    await notifyItem(
      trx,
      who,
      {
        type: 'file',
        action: 'updated',
        mainItem: file.filename,
        subItem: folder.folder_name,
        folderId: folder.id,
        fileId: file.id,
      },
      now,
    )
    await auditVersion(trx, who, 'restored', file, version, now)
    return {
      file: { id: file.id, size: Number(version.size), sha256: version.sha256, updatedAt: now.toISOString() },
    }
  })
}

/** Deletes a version for good (administrators); its blob goes through the deletion queue. */
export async function deleteVersion(deps: AppDeps, who: SignedInCaller, fileId: string, versionId: string) {
  const { file, abilities } = await accessToFile(deps, who, fileId)
  if (!abilities.delete)
    throw problems.forbidden('Only administrators of the folder can delete versions for good.')
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const version = await findVersion(trx, file.id, versionId)
    if (!version || !(await deleteVersionRow(trx, version.id))) throw noVersion()
    // Queued, not deleted: the queue keeps a blob another row still names (a copy, the file itself).
    await enqueueBlobDeletions(trx, [version.path], now)
    await auditVersion(trx, who, 'deleted', file, version, now)
  })
  return { deleted: true as const }
}

/**
 * The retention purge: of each file's versions the newest `kept` stay; older ones go once they were
 * replaced longer ago than the trash retention. Each file in its own transaction.
 */
export async function purgeFileVersions(
  deps: Pick<AppDeps, 'database' | 'env'>,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const db = deps.database.db
  const kept = deps.env.fileVersionsKept
  const before = new Date(now.getTime() - deps.env.trashRetentionDays * DAY_MS)
  let deleted = 0
  for (;;) {
    const batch = await filesWithPurgeableVersions(db, kept, before, 50)
    if (batch.length === 0 || signal?.aborted) return deleted
    let progress = 0
    for (const fileId of batch) {
      await db.transaction().execute(async (trx) => {
        await lockFileRow(trx, fileId)
        const keys = await deleteOldVersions(trx, fileId, kept, before)
        await enqueueBlobDeletions(trx, keys, now)
        deleted += keys.length
        progress += keys.length
      })
    }
    if (progress === 0) return deleted
  }
}

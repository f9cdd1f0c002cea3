import { sql } from 'kysely'
import { type Db, isPostgres } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'

// The named SQL of file versions (docs/decisions/0088). A version row names its blob, so the blob
// deletion queue and the integrity check keep the blob while the row exists
// (lib/storage/blob-references.repository.ts).

export type FileVersionRow = DB['file_versions']

type FileContent = Pick<
  DB['files'],
  'id' | 'path' | 'size' | 'sha256' | 'sha1' | 'md5' | 'mimetype' | 'createdBy' | 'contentBy' | 'updatedAt'
>

/**
 * Holds the file's row until the transaction ends (PostgreSQL; SQLite has one writer); a foreign key
 * check on it (a notification's) still passes, as with the folder name lock (decision 0148).
 */
export async function lockFileRow(db: Db, fileId: string): Promise<void> {
  if (isPostgres(db)) await sql`select id from files where id = ${fileId} for no key update`.execute(db)
}

/** A version's content becomes the file's current content, made by `by` at `now`. */
export async function makeCurrentContent(
  db: Db,
  fileId: string,
  version: Pick<FileVersionRow, 'path' | 'size' | 'sha256' | 'sha1' | 'md5' | 'mimetype'>,
  by: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('files')
    .set({
      path: version.path,
      size: version.size,
      sha256: version.sha256,
      sha1: version.sha1,
      md5: version.md5,
      mimetype: version.mimetype,
      contentBy: by,
      clientModifiedAt: null,
      updatedAt: now.toISOString(),
    })
    .where('id', '=', fileId)
    .execute()
}

/** Keeps the file's current content as a version, as it stops being current at `now`. */
export async function keepAsVersion(db: Db, file: FileContent, now: Date): Promise<string> {
  const id = newId()
  await db
    .insertInto('file_versions')
    .values({
      id,
      file_id: file.id,
      path: file.path,
      size: Number(file.size),
      sha256: file.sha256,
      sha1: file.sha1,
      md5: file.md5,
      mimetype: file.mimetype,
      createdBy: file.contentBy ?? file.createdBy,
      createdAt: file.updatedAt,
      replacedAt: now.toISOString(),
    })
    .execute()
  return id
}

/** The file's versions, newest first, with the names of who made them. */
export function listVersions(db: Db, fileId: string) {
  return db
    .selectFrom('file_versions as v')
    .leftJoin('users as u', 'u.id', 'v.createdBy')
    .select([
      'v.id',
      'v.size',
      'v.sha256',
      'v.mimetype',
      'v.createdBy',
      'u.name as createdByName',
      'v.createdAt',
      'v.replacedAt',
    ])
    .where('v.file_id', '=', fileId)
    .orderBy('v.replacedAt', 'desc')
    .orderBy('v.id', 'desc')
    .execute()
}

export function findVersion(db: Db, fileId: string, versionId: string) {
  return db
    .selectFrom('file_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('file_id', '=', fileId)
    .executeTakeFirst()
}

export async function deleteVersionRow(db: Db, versionId: string): Promise<boolean> {
  const result = await db.deleteFrom('file_versions').where('id', '=', versionId).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function userName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst()
  return row?.name ?? null
}

/** The blob keys of the versions of these files (read before the files are deleted for good). */
export async function versionPathsOf(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db.selectFrom('file_versions').select('path').where('file_id', 'in', fileIds).execute()
  return rows.map((r) => r.path)
}

/**
 * Files with more than `kept` versions, at least one of them replaced before `before`. A product's
 * deliverable versions are not the purge's: they live while a product or a paid order names them.
 */
export async function filesWithPurgeableVersions(db: Db, kept: number, before: Date, limit: number) {
  const rows = await db
    .selectFrom('file_versions')
    .select('file_id')
    .where('file_id', 'is not', null)
    .groupBy('file_id')
    .having((eb) => eb.fn.countAll(), '>', kept)
    .having((eb) => eb.fn.min('replacedAt'), '<', before.toISOString())
    .orderBy('file_id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.file_id as string)
}

/** A file's versions past the newest `kept` that were replaced before `before`, deleted; their keys. */
export async function deleteOldVersions(db: Db, fileId: string, kept: number, before: Date) {
  const all = await db
    .selectFrom('file_versions')
    .select(['id', 'path', 'replacedAt'])
    .where('file_id', '=', fileId)
    .orderBy('replacedAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return deleteVersionRows(
    db,
    all.slice(kept).filter((v) => Date.parse(v.replacedAt) < before.getTime()),
  )
}

/** Deletes these version rows (a file's or a product's); answers their blob keys. */
export async function deleteVersionRows(
  db: Db,
  versions: readonly { id: string; path: string }[],
): Promise<string[]> {
  if (versions.length === 0) return []
  await db
    .deleteFrom('file_versions')
    .where(
      'id',
      'in',
      versions.map((v) => v.id),
    )
    .execute()
  return versions.map((v) => v.path)
}

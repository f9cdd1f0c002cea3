import type { Insertable } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'

// The WebDAV locks and dead properties (migration 0032): in the database, so every instance sees them.

export type DavLockRow = DB['dav_locks']
export type ItemKind = 'file' | 'folder'

export async function insertLock(db: Db, row: Insertable<DB['dav_locks']>): Promise<void> {
  await db.insertInto('dav_locks').values(row).execute()
}

/** Unexpired locks that cover a path or any of the given items. */
export function locksCovering(db: Db, paths: readonly string[], itemIds: readonly string[], now: Date) {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('expires_at', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        ...(paths.length ? [eb('path', 'in', [...paths])] : []),
        ...(itemIds.length ? [eb('item_id', 'in', [...itemIds])] : []),
      ]),
    )
    .execute()
}

/** Unexpired locks taken on a path under `prefix` (for a collection's deep locks and its members). */
export function locksBelow(db: Db, prefix: string, now: Date) {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('expires_at', '>', now.toISOString())
    .where('path', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`)
    .execute()
}

export function findLock(db: Db, token: string, now: Date) {
  return db
    .selectFrom('dav_locks')
    .selectAll()
    .where('token', '=', token)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
}

export async function refreshLock(db: Db, token: string, seconds: number, expiresAt: string): Promise<void> {
  await db
    .updateTable('dav_locks')
    .set({ timeout_seconds: seconds, expires_at: expiresAt })
    .where('token', '=', token)
    .execute()
}

export async function deleteLock(db: Db, token: string): Promise<boolean> {
  const result = await db.deleteFrom('dav_locks').where('token', '=', token).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** A lock taken on a free name now covers the item created there. */
export async function bindLocksToItem(db: Db, path: string, type: ItemKind, id: string): Promise<void> {
  await db
    .updateTable('dav_locks')
    .set({ item_type: type, item_id: id })
    .where('path', '=', path)
    .where('item_id', 'is', null)
    .execute()
}

/** The locks of an item that went away (trashed or moved off): they end with it (RFC 4918 §7.7). */
export async function deleteLocksOf(db: Db, path: string, itemId: string | null): Promise<void> {
  let query = db.deleteFrom('dav_locks').where('path', '=', path)
  if (itemId)
    query = db
      .deleteFrom('dav_locks')
      .where((eb) => eb.or([eb('path', '=', path), eb('item_id', '=', itemId)]))
  await query.execute()
}

export async function deleteExpiredLocks(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('dav_locks').where('expires_at', '<=', now.toISOString()).execute()
}

// ── Dead properties ─────────────────────────────────────────────────────────────────────────────

export function propertiesOf(db: Db, type: ItemKind, id: string) {
  return db
    .selectFrom('dav_properties')
    .select(['namespace', 'name', 'value'])
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .execute()
}

export async function setProperty(
  db: Db,
  row: { item_type: ItemKind; item_id: string; namespace: string; name: string; value: string },
): Promise<void> {
  await removeProperty(db, row.item_type, row.item_id, row.namespace, row.name)
  await db.insertInto('dav_properties').values(row).execute()
}

export async function removeProperty(
  db: Db,
  type: ItemKind,
  id: string,
  namespace: string,
  name: string,
): Promise<void> {
  await db
    .deleteFrom('dav_properties')
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .where('namespace', '=', namespace)
    .where('name', '=', name)
    .execute()
}

/** Dead properties travel with a COPY: the copy gets the source's. */
export async function copyProperties(db: Db, type: ItemKind, fromId: string, toId: string): Promise<void> {
  const rows = await propertiesOf(db, type, fromId)
  for (const row of rows) await setProperty(db, { item_type: type, item_id: toId, ...row })
}

/** Unexpired locks held by anyone but `userId`, with the folder each locked item sits in. */
export function locksHeldByOthers(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('dav_locks as l')
    .leftJoin('files as f', (j) => j.onRef('f.id', '=', 'l.item_id').on('l.item_type', '=', 'file'))
    .select(['l.item_type', 'l.item_id', 'l.depth', 'l.expires_at', 'f.folder_id as file_folder_id'])
    .where('l.expires_at', '>', now.toISOString())
    .where('l.user_id', '!=', userId)
    .where('l.item_id', 'is not', null)
    .execute()
}

// ── Client modification times ───────────────────────────────────────────────────────────────────

/** The time a client says the file's content was last changed (null: its upload time). */
export async function setClientModifiedTime(db: Db, fileId: string, at: string | null): Promise<void> {
  await db.updateTable('files').set({ clientModifiedAt: at }).where('id', '=', fileId).execute()
}

/** The SHA-1 and MD5 of these files (oc:checksums), for those that have both. */
export async function fileChecksums(
  db: Db,
  fileIds: readonly string[],
): Promise<{ id: string; sha1: string; md5: string }[]> {
  const found: { id: string; sha1: string; md5: string }[] = []
  // In batches: a listing may name thousands of files, and a statement takes a bounded list.
  for (let at = 0; at < fileIds.length; at += 500) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'sha1', 'md5'])
      .where('id', 'in', fileIds.slice(at, at + 500))
      .where('sha1', 'is not', null)
      .where('md5', 'is not', null)
      .execute()
    for (const r of rows) found.push({ id: r.id, sha1: r.sha1!, md5: r.md5! })
  }
  return found
}

import { sql } from 'kysely'
import type { Db } from '../../../db/db'
import type { ShareLinksTable } from '../../../db/schema'

// Share links as rows (docs/decisions/0087), and the reads their public side needs: the shared
// folder's path down to where the visitor is, and a folder's untrashed contents.

export type ShareLinkRow = Omit<ShareLinksTable, 'use_count' | 'dropped_bytes'> & {
  use_count: number
  dropped_bytes: number
}

/** Deeper than any real tree; stops a cycle (which moves refuse) from looping. */
const MAX_DEPTH = 256

export async function insertShareLink(db: Db, row: ShareLinkRow): Promise<void> {
  await db.insertInto('share_links').values(row).execute()
}

export function findShareLinkByHash(db: Db, tokenHash: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('share_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

export function findShareLink(db: Db, id: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst()
}

/** An item's links, newest first, with their creators' names. */
export function shareLinksOf(db: Db, itemType: 'file' | 'folder', itemId: string) {
  return db
    .selectFrom('share_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .selectAll('l')
    .select('u.name as creator_name')
    .where('l.item_type', '=', itemType)
    .where('l.item_id', '=', itemId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute()
}

/** Stops a link for good; false when it was already stopped. */
export async function stopShareLink(
  db: Db,
  id: string,
  reason: 'revoked' | 'trashed',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('share_links')
    .set({ stopped_at: now.toISOString(), stopped_reason: reason })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Stops every running link whose file or folder is in the trash. Run in the transaction that trashes
 * something: a restore brings the items back, never their links.
 */
export async function stopLinksOfTrashedItems(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ stopped_at: now.toISOString(), stopped_reason: 'trashed' })
    .where('stopped_at', 'is', null)
    .where((eb) =>
      eb.or([
        // Looked up link by link: a list of every trashed item would grow with the whole trash.
        eb.and([
          eb('item_type', '=', 'file'),
          eb.exists(
            eb
              .selectFrom('files')
              .select('files.id')
              .whereRef('files.id', '=', 'share_links.item_id')
              .where('files.isTrashed', '=', true),
          ),
        ]),
        eb.and([
          eb('item_type', '=', 'folder'),
          eb.exists(
            eb
              .selectFrom('folders')
              .select('folders.id')
              .whereRef('folders.id', '=', 'share_links.item_id')
              .where('folders.isTrashed', '=', true),
          ),
        ]),
      ]),
    )
    .execute()
}

/**
 * Counts one use, only while the link is running and under its limit (one guarded statement, so
 * concurrent downloads never pass the limit); false when it is not.
 */
export async function countShareLinkUse(db: Db, id: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString()
  const result = await db
    .updateTable('share_links')
    .set({ use_count: sql<number>`use_count + 1`, last_used_at: stamp })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', stamp)]))
    .where((eb) => eb.or([eb('download_limit', 'is', null), eb('use_count', '<', eb.ref('download_limit'))]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * A file dropped through a link: one more use and its bytes, only while the link stays within its
 * file and byte limits (one guarded statement, so concurrent drops never pass them); false when not.
 */
export async function countFileDrop(db: Db, id: string, bytes: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('share_links')
    .set({
      use_count: sql<number>`use_count + 1`,
      dropped_bytes: sql<number>`dropped_bytes + ${bytes}`,
      last_used_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('download_limit', 'is', null), eb('use_count', '<', eb.ref('download_limit'))]))
    .where((eb) =>
      eb.or([
        eb('drop_byte_limit', 'is', null),
        eb(sql<number>`dropped_bytes + ${bytes}`, '<=', eb.ref('drop_byte_limit')),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** What the folder rule needs about a link's creator, now. */
export interface PathFolder {
  id: string
  folder_name: string
  type: 'public' | 'locked'
  parent_id: string | null
  isTrashed: boolean
  updatedAt: string
}

/** The folder and its ancestors, nearest first (empty when it does not exist). */
export async function folderPath(db: Db, folderId: string): Promise<PathFolder[]> {
  return db
    .withRecursive('chain(id, folder_name, type, parent_id, isTrashed, updatedAt, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select([
          'id',
          'folder_name',
          'type',
          'parent_id',
          'isTrashed',
          'updatedAt',
          sql<number>`0`.as('depth'),
        ])
        .where('id', '=', folderId)
        .unionAll(
          qb
            .selectFrom('folders as f')
            .innerJoin('chain as c', 'c.parent_id', 'f.id')
            .select([
              'f.id',
              'f.folder_name',
              'f.type',
              'f.parent_id',
              'f.isTrashed',
              'f.updatedAt',
              sql<number>`c.depth + 1`.as('depth'),
            ])
            .where('c.depth', '<', MAX_DEPTH),
        ),
    )
    .selectFrom('chain')
    .select(['id', 'folder_name', 'type', 'parent_id', 'isTrashed', 'updatedAt'])
    .orderBy('depth')
    .execute() as Promise<PathFolder[]>
}

/** A folder's untrashed subfolders, by name. */
export function sharedSubfolders(db: Db, parentId: string) {
  return db
    .selectFrom('folders')
    .select(['id', 'folder_name', 'type', 'parent_id', 'updatedAt'])
    .where('parent_id', '=', parentId)
    .where('isTrashed', '=', false)
    .orderBy('folder_name')
    .execute()
}

/** A folder's untrashed files, by name. */
export function sharedFiles(db: Db, folderId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'filename', 'mimetype', 'size', 'updatedAt', 'path'])
    .where('folder_id', '=', folderId)
    .where('isTrashed', '=', false)
    .orderBy('filename')
    .execute()
}

export function sharedFileRow(db: Db, fileId: string) {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst()
}

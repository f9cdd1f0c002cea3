import { type JoinBuilder, sql } from 'kysely'
import type { PermissionType } from '../../../../shared/enums'
import type { Db } from '../../../db/db'
import { queryTemplate } from '../../../db/query-templates'
import { withReadableFolders } from '../../../db/readable-folders'
import type { DB } from '../../../db/schema'
import type { Caller } from '../../../lib/http/caller'
import {
  type FolderAccess,
  type FolderGrant,
  type FolderNode,
  isFolderSuperUser,
  resolveFolderAccess,
} from '../../../policies/folders.policy'

// Loads what the folder rule (policies/folders.policy.ts) decides on, and the rule's SQL form for
// queries over many folders at once. Two forms of one rule:
//  - one folder: loadFolderAccess() loads the chain and grants and asks the policy;
//  - many folders (a list, a search, the notification inbox): withReadableFolders() (db/readable-
//    folders.ts, below every room that filters by it) is the set of folders a user can open, as a
//    recursive CTE, so a list filters and pages in the database.
// test/notifications/folder-access.test.ts checks on random trees, on both dialects, that the
// SQL form opens exactly the folders the policy opens. Change them together.

/** Deeper than any real tree; stops a cycle (which moves refuse) from looping. */
const MAX_DEPTH = 256

/**
 * Starts a query with `up(id, parent_id, depth)`: the folder (depth 0) and every folder above it, one
 * row each, up the parent links. Empty when the folder does not exist. The one recursive walk up the
 * tree: a folder's chain, its path with grants, its ancestors' rows and the subtree check read it.
 */
export function withFolderAndAncestors(db: Db, folderId: string) {
  return db.withRecursive('up(id, parent_id, depth)', (qb) =>
    qb
      .selectFrom('folders')
      .select(['id', 'parent_id', sql<number>`0`.as('depth')])
      .where('id', '=', folderId)
      .unionAll(
        qb
          .selectFrom('folders as f')
          .innerJoin('up as u', 'u.parent_id', 'f.id')
          .select(['f.id', 'f.parent_id', sql<number>`u.depth + 1`.as('depth')])
          .where('u.depth', '<', MAX_DEPTH),
      ),
  )
}

/** The folder and its ancestors, nearest first; empty when the folder does not exist. */
export async function loadFolderChain(db: Db, folderId: string): Promise<FolderNode[]> {
  return withFolderAndAncestors(db, folderId)
    .selectFrom('up')
    .innerJoin('folders as f', 'f.id', 'up.id')
    .select(['f.id', 'f.type', 'f.parent_id'])
    .orderBy('up.depth')
    .execute()
}

/** The user's grants on the given folders. */
export async function loadGrants(
  db: Db,
  userId: string,
  folderIds: readonly string[],
): Promise<FolderGrant[]> {
  if (folderIds.length === 0) return []
  return db
    .selectFrom('folder_permissions')
    .select(['folder_id', 'user_id', 'permissionType'])
    .where('user_id', '=', userId)
    .where('folder_id', 'in', folderIds)
    .execute()
}

/** Does the user hold a grant anywhere below the folder (so a locked folder shows as their way in)? */
export async function hasGrantBelow(db: Db, userId: string, folderId: string): Promise<boolean> {
  const row = await db
    .withRecursive('below(id, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['id', sql<number>`1`.as('depth')])
        .where('parent_id', '=', folderId)
        .unionAll(
          qb
            .selectFrom('folders as f')
            .innerJoin('below as b', 'b.id', 'f.parent_id')
            .select(['f.id', sql<number>`b.depth + 1`.as('depth')])
            .where('b.depth', '<', MAX_DEPTH),
        ),
    )
    .selectFrom('folder_permissions as p')
    .innerJoin('below', 'below.id', 'p.folder_id')
    .select('p.id')
    .where('p.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** The caller's access to one folder, by the policy; null when the folder does not exist. */
export async function loadFolderAccess(
  db: Db,
  actor: Caller,
  folderId: string,
): Promise<FolderAccess | null> {
  return (await loadFolderWithAccess(db, actor, folderId))?.access ?? null
}

/** The folder's row and the caller's access to it, from one statement; null when it does not exist. */
export async function loadFolderWithAccess(
  db: Db,
  actor: Caller,
  folderId: string,
): Promise<{ folder: DB['folders']; access: FolderAccess } | null> {
  // The chain and the caller's grants on it in one statement (super users need no grants); the
  // chain's first row is the folder itself.
  const userId = actor.kind === 'user' && !isFolderSuperUser(actor) ? actor.id : null
  const path = await loadFolderPath(db, userId, folderId)
  if (!path[0]) return null
  const { grant: _grant, ...folder } = path[0]
  return { folder, access: resolveFolderAccess(actor, chainOf(path), grantsOf(path, userId)) }
}

/** The ids of every folder the user can open (for callers that need the set itself, and tests). */
export async function readableFolderIds(db: Db, actor: Caller): Promise<Set<string> | 'all'> {
  if (actor.kind !== 'user' || actor.isRestricted) return new Set()
  if (isFolderSuperUser(actor)) return 'all'
  const rows = await withReadableFolders(db, actor.id).selectFrom('readable_folders').select('id').execute()
  return new Set(rows.map((r) => r.id))
}

/** A folder of a path with the caller's own grant on it (null: none). */
export type PathFolderRow = DB['folders'] & { grant: PermissionType | null }

/** The folder columns a listing shows, with the caller's own grant on the folder (`grant`). */
export const FOLDER_WITH_GRANT_COLUMNS = [
  'f.id',
  'f.folder_name',
  'f.type',
  'f.parent_id',
  'f.isTrashed',
  'f.createdBy',
  'f.createdAt',
  'f.updatedAt',
  'p.permissionType as grant',
] as const

/**
 * Joins `folder_permissions as p` to `folders as f` on `userId`'s grant (use with leftJoin: no grant,
 * no row of `p`; the empty id matches none, for super users who need none). The one way a folder
 * meets its caller's grant in a listing: a folder's path and its subfolders alike.
 */
export function callerGrant(userId: string) {
  // biome-ignore lint/suspicious/noExplicitAny: the join is the same in any query that has `f` and `p`
  return (join: JoinBuilder<any, any>) => join.onRef('p.folder_id', '=', 'f.id').on('p.user_id', '=', userId)
}

/**
 * The folder and every folder above it, nearest first, each with `userId`'s grant on it, in ONE
 * statement (a recursive CTE up the parent links, then the rows and grants joined): what opening a
 * folder needs to decide the caller's access there and on each ancestor (breadcrumbs), however deep.
 * Empty when the folder does not exist. `userId` null (super users, who need no grants): no grants.
 * Compiled once (db/query-templates.ts): it runs on every folder opened.
 */
export async function loadFolderPath(
  db: Db,
  userId: string | null,
  folderId: string,
): Promise<PathFolderRow[]> {
  return folderPathTemplate.rows(db, '', { userId: userId ?? '', folderId })
}

const folderPathTemplate = queryTemplate<{ userId: string; folderId: string }, PathFolderRow>((db, slot) =>
  loadFolderPathQuery(db, slot.userId, slot.folderId),
)

/** A folder path's chain, as the folder rule reads it. */
export function chainOf(path: readonly PathFolderRow[]): FolderNode[] {
  return path.map((r) => ({ id: r.id, type: r.type, parent_id: r.parent_id }))
}

/** The grants a folder path carries: `userId`'s own, the one it was loaded for. */
export function grantsOf(path: readonly PathFolderRow[], userId: string | null): FolderGrant[] {
  if (!userId) return []
  return path.flatMap((r) => (r.grant ? [{ folder_id: r.id, user_id: userId, permissionType: r.grant }] : []))
}

/** loadFolderPath's statement (the query plan test reads its plan). */
export function loadFolderPathQuery(db: Db, userId: string | null, folderId: string) {
  return withFolderAndAncestors(db, folderId)
    .selectFrom('up')
    .innerJoin('folders as f', 'f.id', 'up.id')
    .leftJoin('folder_permissions as p', callerGrant(userId ?? ''))
    .select([...FOLDER_WITH_GRANT_COLUMNS, 'f.name_key'])
    .orderBy('up.depth')
}

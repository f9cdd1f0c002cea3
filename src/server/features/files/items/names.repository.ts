import { PostgresAdapter, sql, type Transaction } from 'kysely'
import { firstFreeName, nameKey } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'

// One namespace per folder for files and subfolders together (product.md §2 "Names"). The database's
// partial unique indexes hold each table on its own; the cross-table rule is kept here: every write
// that names something in a folder first locks that folder's row (PostgreSQL; SQLite has one writer),
// so two concurrent creates of one name queue up and the second picks `name (1)`.

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * Serialises writes into one folder until the transaction ends. `for no key update`, not `for update`:
 * it queues the writers of names all the same, but lets a foreign key check on the folder (a new
 * file's, a notification's) through, since notify() waits for its own lock after this one and a
 * transaction holding that lock may be checking a key to this folder (deadlock, decision 0148).
 */
export async function lockFolderForNames(trx: Transaction<DB>, folderId: string): Promise<void> {
  if (!isPostgres(trx)) return
  await sql`select id from folders where id = ${folderId} for no key update`.execute(trx)
}

/** The name keys of the untrashed files and subfolders in a folder. */
export async function takenNameKeys(db: Db, folderId: string): Promise<Set<string>> {
  const [folders, files] = await Promise.all([
    db
      .selectFrom('folders')
      .select('name_key')
      .where('parent_id', '=', folderId)
      .where('isTrashed', '=', false)
      .execute(),
    db
      .selectFrom('files')
      .select('name_key')
      .where('folder_id', '=', folderId)
      .where('isTrashed', '=', false)
      .execute(),
  ])
  return new Set([...folders.map((f) => f.name_key), ...files.map((f) => f.name_key)])
}

/** What holds `name` in the folder, if anything (untrashed). */
export async function findByName(
  db: Db,
  folderId: string,
  name: string,
): Promise<{ type: 'file' | 'folder'; id: string } | undefined> {
  const key = nameKey(name)
  const folder = await db
    .selectFrom('folders')
    .select('id')
    .where('parent_id', '=', folderId)
    .where('name_key', '=', key)
    .where('isTrashed', '=', false)
    .executeTakeFirst()
  if (folder) return { type: 'folder', id: folder.id }
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('folder_id', '=', folderId)
    .where('name_key', '=', key)
    .where('isTrashed', '=', false)
    .executeTakeFirst()
  return file ? { type: 'file', id: file.id } : undefined
}

/** Locks the folder and picks the first free name there: `wanted`, else `wanted (1)`, … */
export async function claimFreeName(trx: Transaction<DB>, folderId: string, wanted: string): Promise<string> {
  await lockFolderForNames(trx, folderId)
  return firstFreeName(wanted, await takenNameKeys(trx, folderId))
}

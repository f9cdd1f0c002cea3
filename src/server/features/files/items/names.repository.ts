import { sql, type Transaction } from 'kysely'
import { nameKey, nameWithSuffix, sanitizeName } from '../../../../shared/names'
import { type Db, isPostgres } from '../../../db/db'
import type { DB } from '../../../db/schema'

// One namespace per folder for files and subfolders together (product.md §2 "Names"). The database's
// partial unique indexes hold each table on its own; the cross-table rule is kept here: every write
// that names something in a folder first locks that folder's row (PostgreSQL; SQLite has one writer),
// so two concurrent creates of one name queue up and the second picks `name (1)`.

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

/**
 * The name keys the untrashed files and subfolders of a folder hold; with `among`, only those of
 * these keys (an indexed lookup each, however large the folder).
 */
export async function takenNameKeys(
  db: Db,
  folderId: string,
  among?: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('folders')
    .select('name_key')
    .where('parent_id', '=', folderId)
    .where('isTrashed', '=', false)
    .$if(among !== undefined, (q) => q.where('name_key', 'in', among!))
    .unionAll(
      db
        .selectFrom('files')
        .select('name_key')
        .where('folder_id', '=', folderId)
        .where('isTrashed', '=', false)
        .$if(among !== undefined, (q) => q.where('name_key', 'in', among!)),
    )
    .execute()
  return new Set(rows.map((row) => row.name_key))
}

/** What holds `name` in the folder, if anything (untrashed): one statement for both tables. */
export async function findByName(
  db: Db,
  folderId: string,
  name: string,
): Promise<{ type: 'file' | 'folder'; id: string } | undefined> {
  const key = nameKey(name)
  // A folder first, should both hold it (the rule above forbids it; the partial indexes cannot).
  return db
    .selectFrom('folders')
    .select([sql<'file' | 'folder'>`'folder'`.as('type'), 'id'])
    .where('parent_id', '=', folderId)
    .where('name_key', '=', key)
    .where('isTrashed', '=', false)
    .unionAll(
      db
        .selectFrom('files')
        .select([sql<'file' | 'folder'>`'file'`.as('type'), 'id'])
        .where('folder_id', '=', folderId)
        .where('name_key', '=', key)
        .where('isTrashed', '=', false),
    )
    .orderBy('type', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** How many `name (n)` alternatives one lookup asks about once `name` itself is taken. */
const ALTERNATIVES_PER_LOOKUP = 50

/**
 * The first free name for `wanted` in the folder, as firstFreeName() picks it (`wanted` sanitised,
 * else `wanted (1)`, `(2)`, …), asking only about the names it could become, a batch at a time: one
 * new file in a folder of 100k is one indexed lookup, not a read of 100k names.
 */
export async function firstFreeNameIn(db: Db, folderId: string, wanted: string): Promise<string> {
  const name = sanitizeName(wanted)
  let first = 0
  let count = 1
  for (;;) {
    const candidates = Array.from({ length: count }, (_, i) => nameWithSuffix(name, first + i))
    const taken = await takenNameKeys(db, folderId, candidates.map(nameKey))
    const free = candidates.find((candidate) => !taken.has(nameKey(candidate)))
    if (free !== undefined) return free
    first += count
    count = ALTERNATIVES_PER_LOOKUP
  }
}

/** Locks the folder and picks the first free name there: `wanted`, else `wanted (1)`, … */
export async function claimFreeName(trx: Transaction<DB>, folderId: string, wanted: string): Promise<string> {
  await lockFolderForNames(trx, folderId)
  return firstFreeNameIn(trx, folderId, wanted)
}

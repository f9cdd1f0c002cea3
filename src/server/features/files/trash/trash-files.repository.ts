import { type RawBuilder, sql, type Transaction } from 'kysely'
import { type Db, isPostgres } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { idTimePrefix } from '../../../lib/ids'

// The files of a group, trashed and restored by the folder: one statement over every file of a few
// hundred folders, never a row at a time from the server. A 100k-file folder is a few statements
// whose rows never reach JavaScript (docs/decisions/0151). They run in the caller's transaction,
// which on a SQLite file is on the transaction thread (0107) and on PostgreSQL in the server: the
// event loop waits for the answer without doing the work.

/**
 * A UUIDv7 made by the database for each row, in the application's format: the 48 bits of
 * milliseconds of `now` from here, the version, and 74 random bits (the variant's two bits set).
 */
function newIdSql(trx: Db, now: Date): RawBuilder<string> {
  const prefix = idTimePrefix(now.getTime())
  if (isPostgres(trx))
    // gen_random_uuid() is a v4 text 'xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx': from its 16th character
    // on, the random bits after the version, the variant and the rest.
    return sql<string>`cast(${prefix} as text) || '-7' || substr(cast(gen_random_uuid() as text), 16)`
  return sql<string>`cast(${prefix} as text) || '-7' || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (random() & 3), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6)))`
}

/** A timestamp parameter as the column's type (a select list gives PostgreSQL no type to infer). */
function stampSql(trx: Db, stamp: string): RawBuilder<string> {
  return isPostgres(trx) ? sql<string>`cast(${stamp} as timestamptz)` : sql<string>`${stamp}`
}

/**
 * Trashes the untrashed files of `folderIds`, each with an entry that went with its folder
 * (deleted_singly = false, its folder as folder_id and folder_name, `trashedBy`): how many.
 */
export async function trashFilesOf(
  trx: Transaction<DB>,
  folderIds: string[],
  trashedBy: string | null,
  now: Date,
): Promise<number> {
  if (folderIds.length === 0) return 0
  const inserted = await insertFileEntries(trx, folderIds, trashedBy, now).executeTakeFirst()
  await markFilesTrashed(trx, folderIds, now.toISOString()).execute()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0)
}

/** The entries of the untrashed files of `folderIds` (trashFilesOf's first statement). */
export function insertFileEntries(db: Db, folderIds: string[], trashedBy: string | null, now: Date) {
  return db
    .insertInto('trash_items')
    .columns([
      'id',
      'item_type',
      'item_id',
      'filename',
      'folder_id',
      'folder_name',
      'deleted_singly',
      'deletedAt',
      'trashedBy',
    ])
    .expression((eb) =>
      eb
        .selectFrom('files as f')
        .innerJoin('folders as p', 'p.id', 'f.folder_id')
        .select([
          newIdSql(db, now).as('id'),
          sql<'file'>`'file'`.as('item_type'),
          'f.id as item_id',
          'f.filename as filename',
          'f.folder_id as folder_id',
          'p.folder_name as folder_name',
          sql<boolean>`false`.as('deleted_singly'),
          stampSql(db, now.toISOString()).as('deletedAt'),
          sql<string | null>`cast(${trashedBy} as text)`.as('trashedBy'),
        ])
        .where('f.folder_id', 'in', folderIds)
        .where('f.isTrashed', '=', false),
    )
}

/**
 * Marks the untrashed files of `folderIds` that have their entry (trashFilesOf's second statement):
 * a file another transaction put in between the two statements stays live and whole.
 */
export function markFilesTrashed(db: Db, folderIds: string[], stamp: string) {
  return db
    .updateTable('files')
    .set({ isTrashed: true, updatedAt: stamp })
    .where('folder_id', 'in', folderIds)
    .where('isTrashed', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('trash_items as t')
          .select('t.id')
          .where('t.item_type', '=', 'file')
          .whereRef('t.item_id', '=', 'files.id'),
      ),
    )
}

/**
 * Restores the files of `folderIds` that went to the trash with their folder (their entry says
 * deleted_singly = false) and drops those entries: how many. A file trashed on its own earlier keeps
 * its entry and its place in the trash.
 */
export async function restoreFilesOf(
  trx: Transaction<DB>,
  folderIds: string[],
  stamp: string,
): Promise<number> {
  if (folderIds.length === 0) return 0
  const updated = await markFilesRestored(trx, folderIds, stamp).executeTakeFirst()
  await deleteRestoredFileEntries(trx, folderIds).execute()
  return Number(updated.numUpdatedRows)
}

/** The trashed files of `folderIds` whose entry went with their folder, untrashed. */
export function markFilesRestored(db: Db, folderIds: string[], stamp: string) {
  return db
    .updateTable('files')
    .set({ isTrashed: false, updatedAt: stamp })
    .where('folder_id', 'in', folderIds)
    .where('isTrashed', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('trash_items as t')
          .select('t.id')
          .where('t.item_type', '=', 'file')
          .where('t.deleted_singly', '=', false)
          .whereRef('t.item_id', '=', 'files.id'),
      ),
    )
}

/**
 * The entries left by markFilesRestored: an untrashed file has no entry, so those of the live files
 * of `folderIds` that went with their folder are the ones just restored.
 */
export function deleteRestoredFileEntries(db: Db, folderIds: string[]) {
  return db
    .deleteFrom('trash_items')
    .where('item_type', '=', 'file')
    .where('deleted_singly', '=', false)
    .where('item_id', 'in', (eb) =>
      eb
        .selectFrom('files')
        .select('files.id')
        .where('files.folder_id', 'in', folderIds)
        .where('files.isTrashed', '=', false),
    )
}

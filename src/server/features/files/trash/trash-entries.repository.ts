import type { Db } from '../../../db/db'
import type { TrashRow } from './trash.repository'

// Reading trash entries: the rows with deleted_singly = true, one per thing someone trashed.

/** One entry (a row that went to the trash with another is not an entry). */
export function findEntry(db: Db, entryId: string): Promise<TrashRow | undefined> {
  return db
    .selectFrom('trash_items')
    .selectAll()
    .where('id', '=', entryId)
    .where('deleted_singly', '=', true)
    .executeTakeFirst()
}

/** The newest entries first, at most `limit`. */
export function newestEntries(db: Db, limit: number): Promise<TrashRow[]> {
  return db
    .selectFrom('trash_items')
    .selectAll()
    .where('deleted_singly', '=', true)
    .orderBy('deletedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** The oldest entries first (only those trashed before `before`, when given), at most `limit`. */
export function oldestEntries(db: Db, before: Date | null, limit: number): Promise<TrashRow[]> {
  let query = db
    .selectFrom('trash_items')
    .selectAll()
    .where('deleted_singly', '=', true)
    .orderBy('deletedAt')
    .limit(limit)
  if (before) query = query.where('deletedAt', '<', before.toISOString())
  return query.execute()
}

/** Is the trash row still there (not restored or deleted meanwhile)? */
export async function trashRowExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('trash_items').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

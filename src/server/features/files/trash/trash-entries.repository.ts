import { type SqlBool, sql } from 'kysely'
import type { TrashListQuery, TrashSort } from '../../../../shared/contract/files'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'

// Reading trash entries: the rows with deleted_singly = true, one per thing someone trashed.

/** A row of the trash: an entry (deleted_singly) or an item that went with one. */
export type TrashRow = DB['trash_items']

/**
 * The folder an entry's item was in (null: a top-level folder) and what became of that folder, in one
 * statement; undefined when the item itself is gone. `parentState`: there and not trashed (`alive`),
 * in the trash under an entry (`trashed`), or deleted for good or a tombstone (`gone`).
 */
export async function entryItemParent(
  db: Db,
  entry: Pick<TrashRow, 'item_type' | 'item_id'>,
): Promise<{ parentId: string | null; parentState: 'alive' | 'trashed' | 'gone' } | undefined> {
  const parent = sql.ref(entry.item_type === 'file' ? 'item.folder_id' : 'item.parent_id')
  const { rows } = await sql<{
    parentId: string | null
    foundId: string | null
    parentTrashed: boolean | number | null
    parentHeld: boolean | number | null
  }>`select ${parent} as "parentId", "parent"."id" as "foundId", "parent"."isTrashed" as "parentTrashed",
      exists (select 1 from "trash_items" as "held"
        where "held"."item_type" = 'folder' and "held"."item_id" = "parent"."id") as "parentHeld"
    from ${sql.table(entry.item_type === 'file' ? 'files' : 'folders')} as "item"
    left join "folders" as "parent" on "parent"."id" = ${parent}
    where "item"."id" = ${entry.item_id}`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  const parentState =
    row.foundId === null ? 'gone' : !row.parentTrashed ? 'alive' : row.parentHeld ? 'trashed' : 'gone'
  return { parentId: row.parentId, parentState }
}

/** One entry (a row that went to the trash with another is not an entry). */
export function findEntry(db: Db, entryId: string): Promise<TrashRow | undefined> {
  return db
    .selectFrom('trash_items')
    .selectAll()
    .where('id', '=', entryId)
    .where('deleted_singly', '=', true)
    .executeTakeFirst()
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

/**
 * Deletes the entry's own row; false when it is gone already (restored or deleted meanwhile). Inside a
 * transaction the row stays locked until the commit: a second restore or deletion of the same entry
 * waits here for the first, then finds nothing.
 */
export async function takeEntryRow(db: Db, id: string): Promise<boolean> {
  const taken = await db.deleteFrom('trash_items').where('id', '=', id).returning('id').executeTakeFirst()
  return taken !== undefined
}

// ---- The trash table: the entries a caller may see, scoped in SQL

/** How the trash table's query maps onto columns (product.md §6). */
export const TRASH_LIST_COLUMNS: ListColumns<DB, 'trash_items', TrashSort> = {
  searchColumns: ['trash_items.filename', 'trash_items.folder_name'],
  sortColumns: {
    deletedAt: 'trash_items.deletedAt',
    name: sql`lower(trash_items.filename)`,
    folder: sql`lower(trash_items.folder_name)`,
    type: 'trash_items.item_type',
  },
  idColumn: 'trash_items.id',
}

/** Who the trash is scoped for: everyone's (super users), a user's, or nobody's. */
export type TrashScope = { kind: 'all' | 'user'; userId: string } | { kind: 'none' }

/**
 * The entries the scope may see (not yet searched, sorted or paged), with the trasher's name and, for
 * a user, their level on the entry's origin (the original parent folder, or a top-level folder itself).
 *
 * The SQL form of canSeeTrashEntry (policies/files.policy.ts): an administrator of the origin sees
 * every entry, an editor their own deletions. Only a grant gives editor or administrator (the public
 * tree gives viewer at most), so `granted_levels(id, level)` starts at the user's grants and descends
 * through public children that hold no grant of their own (the nearest grant wins; a locked child
 * needs its own grant, which seeds it). Cost: the folders below the user's grants, not the site.
 * test/files/trash-table.test.ts checks it against the policy on a mixed tree.
 */
export function visibleEntries(db: Db, scope: TrashScope, query: Pick<TrashListQuery, 'type' | 'mine'>) {
  const grantee = scope.kind === 'none' ? '' : scope.userId
  // Unreferenced (super users, nobody) the CTE is not evaluated, on SQLite or PostgreSQL.
  const levelled = db.withRecursive('granted_levels(id, level)', (qb) =>
    qb
      .selectFrom('folder_permissions as p')
      .select(['p.folder_id as id', 'p.permissionType as level'])
      .where('p.user_id', '=', grantee)
      .where('p.permissionType', 'in', ['editor', 'administrator'])
      .union(
        qb
          .selectFrom('folders as c')
          .innerJoin('granted_levels as g', 'g.id', 'c.parent_id')
          .select(['c.id', 'g.level'])
          .where('c.type', '=', 'public')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('folder_permissions as own')
                  .select('own.id')
                  .whereRef('own.folder_id', '=', 'c.id')
                  .where('own.user_id', '=', grantee),
              ),
            ),
          ),
      ),
  )
  let qb = levelled
    .selectFrom('trash_items')
    .leftJoin('users as trasher', 'trasher.id', 'trash_items.trashedBy')
    .selectAll('trash_items')
    .select(['trasher.name as trashedByName'])
    .where('trash_items.deleted_singly', '=', true)
  if (query.type) qb = qb.where('trash_items.item_type', '=', query.type)
  if (scope.kind === 'none')
    return qb.where(sql<SqlBool>`1 = 0`).select(sql<string | null>`null`.as('originLevel'))
  const userId = scope.userId
  if (query.mine === 'true') qb = qb.where('trash_items.trashedBy', '=', userId)
  if (scope.kind === 'all') return qb.select(sql<string | null>`'super'`.as('originLevel'))
  // The origin is the parent folder, or for a top-level folder the folder itself; each form has its
  // own index (folder_id, item_id) rather than one coalesce() no index can serve.
  const origin = sql<SqlBool>`(g.id = trash_items.folder_id or (trash_items.folder_id is null and trash_items.item_type = 'folder' and g.id = trash_items.item_id))`
  return qb
    .innerJoin('granted_levels as g', (join) => join.on(origin))
    .where((eb) => eb.or([eb('g.level', '=', 'administrator'), eb('trash_items.trashedBy', '=', userId)]))
    .select(sql<string | null>`g.level`.as('originLevel'))
}

export type VisibleEntryRow = Awaited<
  ReturnType<ReturnType<typeof visibleEntries>['executeTakeFirstOrThrow']>
>

/**
 * How many items each entry's group holds (itself included) and their files' total size, for a page
 * of entries, in one query: the group is walked in SQL (the same rule as loadGroup: a child goes with
 * its parent when its own trash row says deleted_singly = false), so a group of 100k items costs one
 * aggregate, not 100k rows read into the server.
 */
export async function groupTotals(
  db: Db,
  entries: readonly Pick<TrashRow, 'item_id' | 'item_type'>[],
): Promise<Map<string, { size: number; items: number }>> {
  const totals = new Map<string, { size: number; items: number }>()
  const folderIds = entries.filter((e) => e.item_type === 'folder').map((e) => e.item_id)
  const fileIds = entries.filter((e) => e.item_type === 'file').map((e) => e.item_id)
  if (fileIds.length > 0) {
    const files = await db.selectFrom('files').select(['id', 'size']).where('id', 'in', fileIds).execute()
    for (const f of files) totals.set(f.id, { size: Number(f.size), items: 1 })
  }
  if (folderIds.length === 0) return totals
  const { rows } = await sql<{
    root: string
    folders: number | string
    files: number | string
    size: number | string | null
  }>`
    with recursive grp(root, id) as (
      select f.id, f.id from folders f where f.id in (${sql.join(folderIds)})
      union all
      select g.root, c.id from grp g
      join folders c on c.parent_id = g.id
      join trash_items ti on ti.item_id = c.id and not ti.deleted_singly
    ),
    folder_counts as (select root, count(*) as n from grp group by root),
    file_totals as (
      select g.root, count(fi.id) as n, sum(fi.size) as size from grp g
      join files fi on fi.folder_id = g.id
      join trash_items ti on ti.item_id = fi.id and not ti.deleted_singly
      group by g.root
    )
    select fc.root, fc.n as folders, coalesce(ft.n, 0) as files, coalesce(ft.size, 0) as size
    from folder_counts fc left join file_totals ft on ft.root = fc.root`.execute(db)
  for (const r of rows)
    totals.set(r.root, { size: Number(r.size ?? 0), items: Number(r.folders) + Number(r.files) })
  return totals
}

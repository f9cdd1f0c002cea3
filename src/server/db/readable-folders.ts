import type { Db } from './db'

// The folder rule (policies/folders.policy.ts, docs/decisions/0023) in SQL, for queries over many
// folders at once: the files room's lists and zips, and the notification inbox, which filters by it
// without depending on the files room. notification-audience.repository.ts reads the same rule upwards,
// to wake the streams of a folder's members. test/notifications/folder-access.test.ts checks on random
// trees, on both dialects, that both open exactly the folders the policy opens. Change them together.

/**
 * Starts a query with `readable_folders(id, since)`: every folder `userId` can open, by the rule above
 * for a user who is not a super user (check isFolderSuperUser first: super users open everything and
 * should skip the filter; the notification inbox does not, as a folder's notifications go to its
 * members, super users included, docs/decisions/0143). Seeds: top-level public folders and folders
 * the user holds a grant on; then every public child of a readable folder (a locked child needs its
 * own grant, which seeds it). `since` is when that way in began: the grant's creation, or the
 * account's for public folders; a folder reached several ways (a top-level public folder the user
 * also holds a grant on, a child of two) has a row for each (the notification inbox starts a folder's
 * stream at the earliest, docs/decisions/0060).
 *
 * Cost: proportional to the number of folders the user can open (public trees included), not to the
 * number of folders there are. A CTE the
 * outer query does not reference is not evaluated, on SQLite or PostgreSQL.
 */
export function withReadableFolders(db: Db, userId: string) {
  return db.withRecursive('readable_folders(id, since)', (qb) =>
    qb
      // Two seeds, each read through an index (a range of folders_parent_idx, of
      // folder_permissions_user_idx): one query whose OR asked both of every folder scanned them all,
      // 4 ms a call with ten thousand folders.
      .selectFrom('folders as f')
      .select((eb) => [
        'f.id',
        eb.selectFrom('users as u').select('u.createdAt').where('u.id', '=', userId).as('since'),
      ])
      .where('f.parent_id', 'is', null)
      .where('f.type', '=', 'public')
      .unionAll(
        qb
          .selectFrom('folder_permissions as p')
          .select(['p.folder_id as id', 'p.createdAt as since'])
          .where('p.user_id', '=', userId),
      )
      // UNION (not ALL): a folder reached twice the same way is kept once, which also ends any cycle.
      .union(
        qb
          .selectFrom('folders as c')
          .innerJoin('readable_folders as r', 'r.id', 'c.parent_id')
          .select(['c.id', 'r.since'])
          // Public: a folder is public or locked (FOLDER_TYPES). Written as "not locked" because SQLite,
          // planning this walk inside a correlated subquery (the notification inbox), answered an
          // equality on the type with an automatic index built from every public folder on each call
          // (3 ms with ten thousand folders) instead of the parent index.
          .where('c.type', '<>', 'locked'),
      ),
  )
}

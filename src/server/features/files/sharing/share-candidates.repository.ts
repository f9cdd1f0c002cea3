import { type SqlBool, sql } from 'kysely'
import type { Db } from '../../../db/db'
import { containsPattern } from '../../../lib/list-query/like-pattern'

// The people the share dialog may suggest, by part of a name or e-mail address (docs/decisions/0042).
// Only the fewest fields the dialog needs; never restricted accounts, never the caller.

const LIMIT = 10

/** Everyone: for super users only. */
export function searchEveryone(db: Db, callerId: string, text: string) {
  const pattern = containsPattern(text)
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.isRestricted', '=', false)
    .where('u.id', '!=', callerId)
    .where(matches(pattern))
    .orderBy('u.name')
    .limit(LIMIT)
    .execute()
}

/**
 * The people the caller already shares with: whoever holds a grant on a folder the caller administers
 * (a folder they hold `administrator` on, and its subfolders down to the next locked one), and the
 * administrators of the folders the caller holds a grant on (who shared with the caller).
 */
export function searchContacts(db: Db, callerId: string, text: string) {
  const pattern = containsPattern(text)
  return db
    .withRecursive('administered(id)', (qb) =>
      qb
        .selectFrom('folder_permissions as p')
        .select('p.folder_id as id')
        .where('p.user_id', '=', callerId)
        .where('p.permissionType', '=', 'administrator')
        // UNION (not ALL): a folder reached twice is kept once, which also ends any cycle.
        .union(
          qb
            .selectFrom('folders as c')
            .innerJoin('administered as a', 'a.id', 'c.parent_id')
            .select('c.id')
            .where('c.type', '=', 'public'),
        ),
    )
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.email'])
    .where('u.isRestricted', '=', false)
    .where('u.id', '!=', callerId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('folder_permissions as g')
            .innerJoin('administered as a', 'a.id', 'g.folder_id')
            .select(sql<number>`1`.as('one'))
            .whereRef('g.user_id', '=', 'u.id'),
        ),
        eb.exists(
          eb
            .selectFrom('folder_permissions as theirs')
            .innerJoin('folder_permissions as mine', 'mine.folder_id', 'theirs.folder_id')
            .select(sql<number>`1`.as('one'))
            .whereRef('theirs.user_id', '=', 'u.id')
            .where('theirs.permissionType', '=', 'administrator')
            .where('mine.user_id', '=', callerId),
        ),
      ]),
    )
    .where(matches(pattern))
    .orderBy('u.name')
    .limit(LIMIT)
    .execute()
}

function matches(pattern: string) {
  return sql<SqlBool>`(lower(${sql.ref('u.name')}) like ${pattern} escape '\\' or lower(${sql.ref('u.email')}) like ${pattern} escape '\\')`
}

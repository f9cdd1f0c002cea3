import { type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../../db/connection'
import type { Db } from '../../../db/db'
import { escapeLike } from '../../../lib/list-query/like-pattern'
import type { FileRow, FolderRow } from '../access/item-rows.repository'

// The name search (docs/decisions/0094): folders and files whose name contains a text, found through
// the name index (migration 0035: FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL), filtered to
// what a user can open by walking up from the matches only, and paged in SQL by (name_key, id).

/** Deeper than any real tree; stops a cycle (which moves refuse) from looping. */
const MAX_DEPTH = 256

export interface NameMatch {
  kind: 'folder' | 'file'
  id: string
  name_key: string
}

export interface NameSearch {
  /** nameKey() of the search text: at least 3 characters (the index works on trigrams). */
  key: string
  /** Only what this user can open (the empty id is nobody in particular: the public tree); null: all. */
  readableBy: string | null
  /** Continue after this (name_key, id). */
  after: { name_key: string; id: string } | null
  limit: number
}

/**
 * The untrashed folders and files whose name_key contains `key`, in (name_key, id) order after the
 * cursor, at most `limit`.
 *
 * Access is the folder rule (policies/folders.policy.ts) in SQL for the matched items only: from each
 * match's folder (a folder itself, a file's folder) `walk` climbs while it meets public folders that
 * hold no grant of the user's; it stops at the first folder with a grant (opens), a locked one (shuts)
 * or a top-level public one (opens). A chain that does not link up opens nothing. Its cost is the
 * matches' depth, never the size of the site or of the user's public trees.
 * test/files/name-search.test.ts checks it against the policy; test/db/query-plans.test.ts that the
 * matches come from the index.
 */
export async function searchNames(db: Db, dialect: Dialect, search: NameSearch): Promise<NameMatch[]> {
  return (await nameSearchQuery(dialect, search).execute(db)).rows
}

/** The query searchNames() runs (the plans test explains it). */
export function nameSearchQuery(dialect: Dialect, search: NameSearch): RawBuilder<NameMatch> {
  const matches = dialect === 'postgres' ? postgresMatches(search.key) : sqliteMatches(search.key)
  const cursor = search.after
    ? sql`and (m.name_key, m.id) > (${search.after.name_key}, ${search.after.id})`
    : sql``
  if (search.readableBy === null) {
    return sql<NameMatch>`
      with matches(kind, id, name_key, holder) as (${matches})
      select m.kind, m.id, m.name_key from matches m
      where 1 = 1 ${cursor}
      order by m.name_key, m.id
      limit ${search.limit}`
  }
  const userId = search.readableBy
  return sql<NameMatch>`
    with recursive
    matches(kind, id, name_key, holder) as (${matches}),
    walk(start, id, type, parent_id, granted, depth) as (
      select f.id, f.id, f.type, f.parent_id, g.${sql.ref('permissionType')}, 0
      from folders f
      left join folder_permissions g on g.folder_id = f.id and g.user_id = ${userId}
      where f.id in (select holder from matches)
      union all
      select w.start, p.id, p.type, p.parent_id, g.${sql.ref('permissionType')}, w.depth + 1
      from walk w
      join folders p on p.id = w.parent_id
      left join folder_permissions g on g.folder_id = p.id and g.user_id = ${userId}
      where w.granted is null and w.type = 'public' and w.depth < ${MAX_DEPTH}
    ),
    readable(id) as (
      select start from walk
      where granted is not null or (type = 'public' and parent_id is null)
    )
    select m.kind, m.id, m.name_key from matches m
    where m.holder in (select id from readable) ${cursor}
    order by m.name_key, m.id
    limit ${search.limit}`
}

/** Matches through pg_trgm: LIKE '%key%' on name_key reads the GIN trigram indexes. */
function postgresMatches(key: string): RawBuilder<unknown> {
  const pattern = `%${escapeLike(key)}%`
  return sql`
    select 'folder', f.id, f.name_key, f.id from folders f
    where f.name_key like ${pattern} escape '\\' and not f.${sql.ref('isTrashed')}
    union all
    select 'file', fi.id, fi.name_key, fi.folder_id from files fi
    where fi.name_key like ${pattern} escape '\\' and not fi.${sql.ref('isTrashed')}`
}

/**
 * Matches through FTS5's trigram index: the key as one quoted phrase is a substring match (trigrams
 * at consecutive positions). Double quotes inside it are doubled, so no text is FTS5 syntax.
 */
function sqliteMatches(key: string): RawBuilder<unknown> {
  const phrase = `"${key.replaceAll('"', '""')}"`
  return sql`
    select n.kind, n.item_id, coalesce(f.name_key, fi.name_key), coalesce(f.id, fi.folder_id)
    from item_names_fts
    join item_names n on n.id = item_names_fts.rowid
    left join folders f on n.kind = 'folder' and f.id = n.item_id and not f.${sql.ref('isTrashed')}
    left join files fi on n.kind = 'file' and fi.id = n.item_id and not fi.${sql.ref('isTrashed')}
    where item_names_fts match ${phrase} and (f.id is not null or fi.id is not null)`
}

/** The untrashed folders among `ids` (a page of matches). */
export function foldersByIds(db: Db, ids: readonly string[]): Promise<FolderRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('folders').selectAll().where('id', 'in', ids).where('isTrashed', '=', false).execute()
}

/** The untrashed files among `ids` (a page of matches). */
export function filesByIds(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('files').selectAll().where('id', 'in', ids).where('isTrashed', '=', false).execute()
}

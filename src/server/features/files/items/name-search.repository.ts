import { type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../../db/connection'
import type { Db } from '../../../db/db'
import { escapeLike } from '../../../lib/list-query/like-pattern'
import { prefixEnd } from '../../../lib/list-query/prefix-end'
import type { FileRow, FolderRow } from '../access/item-rows.repository'

// The name search (docs/decisions/0094, 0100, 0150): folders and files whose name contains a text, in
// two tiers: the names that start with it, read as a range of the name-order indexes (migration 0036),
// then the other names that contain it, found through the name index (migration 0035: FTS5 trigram on
// SQLite, pg_trgm GIN on PostgreSQL) or read in name order. Each tier is filtered to what a user can
// open by walking up from its matches only, and paged in SQL by (name_key, id).

/** Deeper than any real tree; stops a cycle (which moves refuse) from looping. */
const MAX_DEPTH = 256

export interface NameMatch {
  kind: 'folder' | 'file'
  id: string
  name_key: string
}

/**
 * `starts`: the names that start with the key. `contains`: the names that contain it, except those
 * of `starts` (each name is in exactly one tier).
 */
export type NameTier = 'starts' | 'contains'

export interface NameSearch {
  /** nameKey() of the search text: at least 3 characters (the index works on trigrams). */
  key: string
  tier: NameTier
  /** Only what this user can open (the empty id is nobody in particular: the public tree); null: all. */
  readableBy: string | null
  /** Continue after this (name_key, id) of the same tier. */
  after: { name_key: string; id: string } | null
  limit: number
}

type Position = { name_key: string; id: string }

/** Where `key` first occurs in `column`, from 1; 0 when it does not. */
function position(dialect: Dialect, column: RawBuilder<unknown>, key: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`strpos(${column}, ${key})` : sql`instr(${column}, ${key})`
}

/**
 * `column` (a name_key) starts with `key`, after `after` when given (with `id`, the row's id): the
 * range of the name order from the key (or the cursor) up to prefixEnd(key), which an index on
 * (name_key, id) reads from its first row to its last, and the prefix itself checked on each row, so
 * the tier holds exactly the names that start with the key whatever the database's collation (under
 * a linguistic one a few such names could fall outside the range: they are then left to `contains`).
 */
function startsWith(
  dialect: Dialect,
  column: RawBuilder<unknown>,
  key: string,
  after?: { position: Position; id: RawBuilder<unknown> } | null,
): RawBuilder<unknown> {
  const end = prefixEnd(key)
  const from = after
    ? sql`(${column}, ${after.id}) > (${after.position.name_key}, ${after.position.id})`
    : sql`${column} >= ${key}`
  const to = end === null ? sql`` : sql`and ${column} < ${end}`
  // The check as a CASE: PostgreSQL's planner has no statistics for it and would take `= 1` to keep
  // one row in 200, then prefer sorting the whole range to reading it in order up to the limit; a
  // bare boolean expression is taken to keep half.
  return sql`${from} ${to} and case when ${position(dialect, column, key)} = 1 then true else false end`
}

/** `column` contains `key`, but not as `startsWith` (the second tier): checked on rows already found. */
function containsNotStarting(
  dialect: Dialect,
  column: RawBuilder<unknown>,
  key: string,
): RawBuilder<unknown> {
  return sql`${position(dialect, column, key)} > 0 and not (${startsWith(dialect, column, key)})`
}

/**
 * The untrashed folders and files of the search's tier, in (name_key, id) order after the cursor, at
 * most `limit`: `contains` from the name index, `starts` from the range of the name-order indexes
 * (all of it after the cursor, for a user who can open few of its names).
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
  const matches =
    search.tier === 'starts'
      ? startingMatches(dialect, search)
      : dialect === 'postgres'
        ? postgresMatches(search.key)
        : sqliteMatches(search.key)
  // The `starts` tier's range already begins after the cursor.
  const cursor =
    search.after && search.tier === 'contains'
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
  return sql<NameMatch>`
    with recursive
    matches(kind, id, name_key, holder) as (${matches}),
    ${readableHolders('matches', search.readableBy)}
    select m.kind, m.id, m.name_key from matches m
    where m.holder in (select id from readable) ${cursor}
    order by m.name_key, m.id
    limit ${search.limit}`
}

/**
 * Two CTEs of a `with recursive`: `walk` climbs from the holders of `source` (a CTE with a `holder`
 * column), and `readable(id)` is the holders `userId` can open (the rule in searchNames' comment).
 */
function readableHolders(source: string, userId: string): RawBuilder<unknown> {
  return sql`walk(start, id, type, parent_id, granted, depth) as (
      select f.id, f.id, f.type, f.parent_id, g.${sql.ref('permissionType')}, 0
      from folders f
      left join folder_permissions g on g.folder_id = f.id and g.user_id = ${userId}
      where f.id in (select holder from ${sql.table(source)})
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
    )`
}

/**
 * How many names (trashed ones too) of the `contains` tier there are, counted up to `cap` + 1: a read
 * of the name index that stops there (the names that start with the key are passed over, so a text
 * whose matches all start with it reads them all and counts none).
 */
export async function countContainingUpTo(
  db: Db,
  dialect: Dialect,
  key: string,
  cap: number,
): Promise<number> {
  return Number((await containingUpToQuery(dialect, key, cap).execute(db)).rows[0]?.n ?? 0)
}

/** The query countContainingUpTo() runs (the plans test explains it). */
export function containingUpToQuery(dialect: Dialect, key: string, cap: number): RawBuilder<{ n: number }> {
  const inTier = (column: string) => containsNotStarting(dialect, sql.ref(column), key)
  const names =
    dialect === 'postgres'
      ? sql`select 1 from folders where name_key like ${likePattern(key)} escape '\\' and ${inTier('folders.name_key')}
          union all select 1 from files where name_key like ${likePattern(key)} escape '\\' and ${inTier('files.name_key')}`
      : sql`select 1 from item_names_fts where item_names_fts match ${ftsPhrase(key)}
          and ${inTier('item_names_fts.name_key')}`
  return sql<{ n: number }>`select count(*) as n from (select 1 from (${names}) a limit ${cap + 1}) b`
}

/** A candidate of a search in name order, and whether the searcher may open it. */
export interface OrderedMatch extends NameMatch {
  readable: boolean
}

/**
 * The next `search.limit` untrashed folders and files of the search's tier, in (name_key, id) order
 * after the cursor, read straight off the name-order indexes of migration 0036 (each table's range
 * stops after `limit` rows of the tier), each marked readable or not by the same walk as searchNames.
 * `starts` reads only the range of names that start with the key. `contains`, for a text most names
 * contain, reads every name from the cursor on and keeps those that contain it: a page costs about
 * `limit` index rows, where the trigram index would hand over every match to be sorted.
 */
export async function nextNamesInOrder(
  db: Db,
  dialect: Dialect,
  search: NameSearch,
): Promise<OrderedMatch[]> {
  const rows = (await namesInOrderQuery(dialect, search).execute(db)).rows
  return rows.map((r) => ({ kind: r.kind, id: r.id, name_key: r.name_key, readable: Boolean(r.readable) }))
}

/** The query nextNamesInOrder() runs (the plans test explains it). */
export function namesInOrderQuery(
  dialect: Dialect,
  search: NameSearch,
): RawBuilder<NameMatch & { readable: number | boolean }> {
  const inTier = (table: string) => {
    const column = sql.ref(`${table}.name_key`)
    if (search.tier === 'starts') {
      const after = search.after && { position: search.after, id: sql.ref(`${table}.id`) }
      return startsWith(dialect, column, search.key, after)
    }
    const after = search.after
      ? sql`and (${column}, ${sql.ref(`${table}.id`)}) > (${search.after.name_key}, ${search.after.id})`
      : sql``
    return sql`${containsNotStarting(dialect, column, search.key)} ${after}`
  }
  const inOrder = (table: 'folders' | 'files', kind: string, holder: string) => sql`
    select * from (
      select ${sql.lit(kind)} as kind, t.id, t.name_key, ${sql.ref(`t.${holder}`)} as holder from ${sql.table(table)} t
      where ${inTier('t')} and not t.${sql.ref('isTrashed')}
      order by t.name_key, t.id
      limit ${search.limit}
    ) ${sql.id(`${table}_in_order`)}`
  const candidates = sql`
    select * from (
      select * from (${inOrder('folders', 'folder', 'id')}) a
      union all
      select * from (${inOrder('files', 'file', 'folder_id')}) b
    ) c
    order by name_key, id
    limit ${search.limit}`
  if (search.readableBy === null) {
    return sql`select m.kind, m.id, m.name_key, 1 as readable from (${candidates}) m order by m.name_key, m.id`
  }
  return sql`
    with recursive
    candidates(kind, id, name_key, holder) as (${candidates}),
    ${readableHolders('candidates', search.readableBy)}
    select m.kind, m.id, m.name_key, m.holder in (select id from readable) as readable
    from candidates m
    order by m.name_key, m.id`
}

function likePattern(key: string): string {
  return `%${escapeLike(key)}%`
}

function ftsPhrase(key: string): string {
  return `"${key.replaceAll('"', '""')}"`
}

/**
 * The `starts` tier's matches after the cursor: the range of each table's name-order index (the
 * fallback of a user who can open few of the names read in order).
 */
function startingMatches(dialect: Dialect, search: NameSearch): RawBuilder<unknown> {
  const inTier = (table: string) =>
    startsWith(
      dialect,
      sql.ref(`${table}.name_key`),
      search.key,
      search.after && { position: search.after, id: sql.ref(`${table}.id`) },
    )
  return sql`
    select 'folder', f.id, f.name_key, f.id from folders f
    where ${inTier('f')} and not f.${sql.ref('isTrashed')}
    union all
    select 'file', fi.id, fi.name_key, fi.folder_id from files fi
    where ${inTier('fi')} and not fi.${sql.ref('isTrashed')}`
}

/**
 * The `contains` tier's matches through pg_trgm: LIKE '%key%' on name_key reads the GIN trigram
 * indexes; the names that start with the key are then dropped.
 */
function postgresMatches(key: string): RawBuilder<unknown> {
  const pattern = likePattern(key)
  const inTier = (table: string) => containsNotStarting('postgres', sql.ref(`${table}.name_key`), key)
  return sql`
    select 'folder', f.id, f.name_key, f.id from folders f
    where f.name_key like ${pattern} escape '\\' and ${inTier('f')} and not f.${sql.ref('isTrashed')}
    union all
    select 'file', fi.id, fi.name_key, fi.folder_id from files fi
    where fi.name_key like ${pattern} escape '\\' and ${inTier('fi')} and not fi.${sql.ref('isTrashed')}`
}

/**
 * The `contains` tier's matches through FTS5's trigram index: the key as one quoted phrase is a
 * substring match (trigrams at consecutive positions). Double quotes inside it are doubled, so no text
 * is FTS5 syntax. The names that start with the key are then dropped.
 */
function sqliteMatches(key: string): RawBuilder<unknown> {
  const phrase = ftsPhrase(key)
  return sql`
    select n.kind, n.item_id, coalesce(f.name_key, fi.name_key), coalesce(f.id, fi.folder_id)
    from item_names_fts
    join item_names n on n.id = item_names_fts.rowid
    left join folders f on n.kind = 'folder' and f.id = n.item_id and not f.${sql.ref('isTrashed')}
    left join files fi on n.kind = 'file' and fi.id = n.item_id and not fi.${sql.ref('isTrashed')}
    where item_names_fts match ${phrase}
      and ${containsNotStarting('sqlite', sql.ref('item_names_fts.name_key'), key)}
      and (f.id is not null or fi.id is not null)`
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

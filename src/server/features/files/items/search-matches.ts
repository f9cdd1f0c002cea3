import type { Dialect } from '../../../db/connection'
import type { Db } from '../../../db/db'
import { problems } from '../../../lib/http/problem'
import {
  countContainingUpTo,
  type NameMatch,
  type NameSearch,
  type NameTier,
  nextNamesInOrder,
  searchNames,
} from './name-search.repository'

// Which matches make a page of a name search (docs/decisions/0150): first the names that start with
// the text, then the other names that contain it, each tier in (name_key, id) order; the cursor says
// which tier the last match was in and where it was.

/** A match and its tier. */
export interface TieredMatch extends NameMatch {
  tier: NameTier
}

/** Where a page ends: the last match's tier and (name_key, id). */
export interface SearchPosition {
  tier: NameTier
  name_key: string
  id: string
}

export interface MatchSearch {
  key: string
  readableBy: string | null
  after: SearchPosition | null
  limit: number
}

/** Above this many names in the `contains` tier, a page is read in name order instead of from the index. */
const COMMON_NAMES = 1000
/** Rows read per statement in name order for a user (whose access drops some). */
const ORDERED_BATCH = 500
/** Statements in name order before a page falls back to one statement from where they stopped. */
const ORDERED_BATCHES = 4

/** Up to `limit` matches the searcher can open after `after`: the rest of its tier, then the next tier. */
export async function findMatches(db: Db, dialect: Dialect, search: MatchSearch): Promise<TieredMatch[]> {
  const found: TieredMatch[] = []
  const tiers: NameTier[] = search.after?.tier === 'contains' ? ['contains'] : ['starts', 'contains']
  for (const tier of tiers) {
    const after =
      search.after?.tier === tier ? { name_key: search.after.name_key, id: search.after.id } : null
    const limit = search.limit - found.length
    const matches = await tierMatches(db, dialect, { ...search, tier, after, limit })
    found.push(...matches.map((m) => ({ ...m, tier })))
    if (found.length === search.limit) break
  }
  return found
}

/**
 * One tier's part of a page. `starts` is a range of the name-order indexes, read in order (a page
 * costs about a page of index rows). `contains`, for a rare text (at most COMMON_NAMES names in the
 * tier): the trigram index hands over its matches, few enough to sort; for a common one the
 * name-order indexes are read from the cursor on, keeping the names of the tier (docs/decisions/0100).
 * Read in order, a user who can open only a few of the names gets the rest of the page from one
 * statement that walks every candidate after the last one read (the range, or the trigram index)
 * after ORDERED_BATCHES reads, so a page never costs much more than that statement alone.
 */
async function tierMatches(db: Db, dialect: Dialect, search: NameSearch): Promise<NameMatch[]> {
  if (
    search.tier === 'contains' &&
    (await countContainingUpTo(db, dialect, search.key, COMMON_NAMES)) <= COMMON_NAMES
  )
    return searchNames(db, dialect, search)
  const found: NameMatch[] = []
  let after = search.after
  const batch = search.readableBy === null ? search.limit : Math.max(search.limit, ORDERED_BATCH)
  for (let i = 0; i < ORDERED_BATCHES; i++) {
    const rows = await nextNamesInOrder(db, dialect, { ...search, after, limit: batch })
    for (const row of rows) {
      if (!row.readable) continue
      found.push({ kind: row.kind, id: row.id, name_key: row.name_key })
      if (found.length === search.limit) return found
    }
    const last = rows.at(-1)
    if (rows.length < batch || !last) return found
    after = { name_key: last.name_key, id: last.id }
  }
  return [
    ...found,
    ...(await searchNames(db, dialect, { ...search, after, limit: search.limit - found.length })),
  ]
}

/** The cursor's tiers, one letter each. */
const TIER_TAGS: Record<NameTier, string> = { starts: 's', contains: 'c' }

/** The cursor is the last match's tier and (name_key, id), opaque to clients. */
export function encodeCursor(match: SearchPosition): string {
  return Buffer.from(JSON.stringify([TIER_TAGS[match.tier], match.name_key, match.id])).toString('base64url')
}

/**
 * The position a cursor names. A cursor this search did not make, or made before results came in
 * tiers (a bare [name_key, id]), is a 400 that says to search again.
 */
export function decodeCursor(cursor: string): SearchPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 3) {
      const [tag, key, id] = value as unknown[]
      const tier = (Object.keys(TIER_TAGS) as NameTier[]).find((t) => TIER_TAGS[t] === tag)
      if (tier && typeof key === 'string' && typeof id === 'string') return { tier, name_key: key, id }
    }
  } catch {
    // Falls through to the answer below.
  }
  throw problems.badRequest('That search cursor is not valid: start the search again.')
}

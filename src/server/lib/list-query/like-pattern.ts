/**
 * LIKE treats `%` and `_` as wildcards; product.md §6 wants them literal in searches. Each of them,
 * and the escape character itself, gets a backslash, and the query says `escape '\'` (both dialects
 * accept an explicit escape clause, and SQLite has no default one).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * The `lower(column) like ?` pattern for "contains `text`, ignoring case". The text is lower-cased
 * here rather than with SQL lower(): SQLite's lower() folds ASCII only, so lowering the search in
 * JavaScript at least makes "ZOË" find a stored "zoë" on both dialects.
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`
}

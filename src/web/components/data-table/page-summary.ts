/** The rows a page shows, 1-based and inclusive ("Showing 26–50 of 132"); zeros when there are none. */
export function pageSummary(page: number, pageSize: number, total: number): { first: number; last: number } {
  const first = (page - 1) * pageSize + 1
  if (total === 0 || first > total) return { first: 0, last: 0 }
  return { first, last: Math.min(page * pageSize, total) }
}

/** The page sizes to offer: the standard ones, plus the current one if a link asked for another. */
export function pageSizeChoices(standard: readonly number[], current: number): number[] {
  return [...new Set([...standard, current])].sort((a, b) => a - b)
}

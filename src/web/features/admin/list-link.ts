/**
 * The users table's query string handed over in the link's history state, so "All users" returns to
 * the same search, filters and page. Anything else in the state (a bookmark has none) gives ''.
 */
export function listSearchFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return ''
  const search = state.listSearch
  return typeof search === 'string' && search.startsWith('?') ? search : ''
}

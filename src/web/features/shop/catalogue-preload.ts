import { CATALOGUE_PRELOAD_ID } from '../../../shared/contract/catalogue-sorts'
import type { CatalogueList } from '../../../shared/contract/products'

// The catalogue's first page as the server embedded it in /shop's HTML (decision 0096): the grid's
// query starts from it instead of asking the API. Read once: a later visit to the same view (after
// the cache let it go) asks the server as usual.

interface Preloaded {
  query: Record<string, string | number>
  page: CatalogueList
}

let preloaded: Preloaded | null | undefined
/** When the page was loaded: the embedded answer is as fresh as the HTML. */
const loadedAt = Date.now()

function read(): Preloaded | null {
  if (preloaded !== undefined) return preloaded
  preloaded = null
  const element = typeof document === 'undefined' ? null : document.getElementById(CATALOGUE_PRELOAD_ID)
  if (!element?.textContent) return null
  try {
    preloaded = JSON.parse(element.textContent) as Preloaded
  } catch {
    // A broken embed only costs the API round trip it was meant to save.
  }
  element.remove()
  return preloaded
}

const sameQuery = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v)

/** The embedded first page if `query` is the one it answers; consumed by the first caller. */
export function takePreloadedCatalogue(query: Record<string, string | number>): CatalogueList | undefined {
  const found = read()
  if (!found || !sameQuery(found.query, query)) return undefined
  preloaded = null
  return found.page
}

export const preloadedAt = () => loadedAt

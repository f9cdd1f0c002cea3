import type { SearchResult } from '../../../shared/contract/files-responses'
import type { Entry } from './listing/entries'

/**
 * The search pages' folders and files as the server ranked them (decision 0150): the names that start
 * with the text first, then the other names that contain it, each in name order, page after page as
 * loaded. Each item once, should a rename between two pages bring it back.
 */
export function rankedEntries(pages: readonly SearchResult[]): Entry[] {
  const entries: Entry[] = []
  const seen = new Set<string>()
  for (const page of pages) {
    const folders = new Map(page.folders.map((item) => [item.id, item]))
    const files = new Map(page.files.map((item) => [item.id, item]))
    for (const { type, id } of page.order) {
      const key = `${type}:${id}`
      const folder = type === 'folder' ? folders.get(id) : undefined
      const file = type === 'file' ? files.get(id) : undefined
      if (seen.has(key) || (!folder && !file)) continue
      seen.add(key)
      entries.push(folder ? { type: 'folder', item: folder } : { type: 'file', item: file! })
    }
  }
  return entries
}

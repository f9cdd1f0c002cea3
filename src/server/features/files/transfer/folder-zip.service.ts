import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import type { ZipEntry } from '../../../lib/zip/stored-zip'
import { NameSet, safeSegment } from '../../../lib/zip/zip-names'
import { requireFolder } from '../access/file-access'
import { readableFolderIds } from '../access/folder-access.repository'
import { type ZipFolderRow, zipFiles, zipFolder, zipSubfolders } from './folder-zip.repository'

// A folder as a zip (product.md §2): the folder and everything below it that the caller can read.
// Trashed items are left out; a subfolder the caller cannot open (a locked one without a grant) is
// left out with all it holds, so its name does not leak either. Entry names are sanitised
// (lib/zip/zip-names.ts). Only metadata is loaded here; the bytes stream when the entry is written.

const IN_BATCH = 500

export async function folderZipEntries(
  deps: AppDeps,
  actor: Caller,
  folderId: string,
): Promise<{ name: string; entries: ZipEntry[] }> {
  const db = deps.database.db
  await requireFolder(db, actor, folderId, 'viewer')
  const root = await zipFolder(db, folderId)
  if (!root) throw new Error('The folder is gone.')
  const readable = await readableFolderIds(db, actor)
  const canRead = (id: string) => readable === 'all' || readable.has(id)

  // Walk down level by level, keeping only untrashed folders the caller can open.
  const children = new Map<string, ZipFolderRow[]>()
  let level = [root.id]
  const all: string[] = [root.id]
  while (level.length > 0) {
    const next: string[] = []
    for (const batch of batches(level)) {
      const rows = await zipSubfolders(db, batch)
      for (const row of rows) {
        if (!canRead(row.id)) continue
        const list = children.get(row.parent_id!) ?? []
        list.push(row)
        children.set(row.parent_id!, list)
        next.push(row.id)
        all.push(row.id)
      }
    }
    level = next
  }

  const filesByFolder = new Map<
    string,
    { filename: string; size: number; path: string; updatedAt: string }[]
  >()
  for (const batch of batches(all)) {
    const rows = await zipFiles(db, batch)
    for (const row of rows) {
      const list = filesByFolder.get(row.folder_id) ?? []
      list.push({ ...row, size: Number(row.size) })
      filesByFolder.set(row.folder_id, list)
    }
  }

  const entries: ZipEntry[] = []
  const rootName = safeSegment(root.folder_name)
  const visit = (folder: ZipFolderRow, prefix: string) => {
    entries.push({ name: prefix, kind: 'directory', size: 0, modifiedAt: new Date(folder.updatedAt) })
    const names = new NameSet()
    for (const sub of children.get(folder.id) ?? [])
      visit(sub, `${prefix}/${names.take(safeSegment(sub.folder_name))}`)
    for (const file of filesByFolder.get(folder.id) ?? []) {
      entries.push({
        name: `${prefix}/${names.take(safeSegment(file.filename))}`,
        kind: 'file',
        size: file.size,
        modifiedAt: new Date(file.updatedAt),
        open: async () => (await deps.storage.get(file.path)).body,
      })
    }
  }
  visit(root, rootName)
  return { name: rootName, entries }
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += IN_BATCH) yield items.slice(i, i + IN_BATCH)
}

import type { SharedListing } from '../../../../shared/contract/share-links'
import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import type { ZipEntry } from '../../../lib/zip/stored-zip'
import { NameSet, safeSegment } from '../../../lib/zip/zip-names'
import { linkAllows } from '../../../policies/share-links.policy'
import { openLink, presentFile, requireAction } from './share-link-open.service'
import { NOTHING, reachableChildren, reachableFolder } from './share-link-reach'
import { type PathFolder, sharedFiles } from './share-links.repository'
import { countUse } from './shared-file.service'

// A shared folder for its visitors: one folder's listing (the subfolders the link reaches, its files,
// the breadcrumbs inside the shared subtree) and a folder as a zip of everything below it the link
// reaches (one use).

export async function sharedListing(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  folderId: string | undefined,
): Promise<SharedListing> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'list')
  if (opened.link.item_type !== 'folder') throw problems.notFound(NOTHING)
  const { folder, path, inside } = await reachableFolder(deps, opened, folderId ?? opened.link.item_id)
  const folders = await reachableChildren(deps, opened, path)
  const files = await sharedFiles(deps.database.db, folder.id)
  const present = (f: { id: string; folder_name: string; updatedAt: string }) => ({
    id: f.id,
    folder_name: f.folder_name,
    updatedAt: f.updatedAt,
  })
  return {
    folder: present(folder),
    breadcrumbs: [...inside].reverse().map((f) => ({ id: f.id, folder_name: f.folder_name })),
    folders: folders.map(present),
    files: files.map(presentFile),
    canDownload: linkAllows(opened.link.mode, 'download'),
  }
}

const IN_BATCH = 500

/** A reachable folder of a shared folder as zip entries: everything below it the link reaches. */
export async function sharedZipEntries(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  folderId: string | undefined,
): Promise<{ name: string; entries: ZipEntry[] }> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'download')
  const { folder, path } = await reachableFolder(deps, opened, folderId ?? opened.link.item_id)
  const db = deps.database.db

  // Walk down level by level, each folder's children decided against its own path.
  const children = new Map<string, PathFolder[]>()
  const all: string[] = [folder.id]
  let level: PathFolder[][] = [path]
  while (level.length > 0) {
    const next: PathFolder[][] = []
    for (const parentPath of level) {
      const kids = await reachableChildren(deps, opened, parentPath)
      const rows = kids.map((k) => ({ ...k, isTrashed: false }))
      children.set(parentPath[0]!.id, rows)
      for (const row of rows) {
        all.push(row.id)
        next.push([row, ...parentPath])
      }
    }
    level = next
  }
  const filesByFolder = new Map<string, Awaited<ReturnType<typeof sharedFiles>>>()
  for (let i = 0; i < all.length; i += IN_BATCH) {
    for (const id of all.slice(i, i + IN_BATCH)) filesByFolder.set(id, await sharedFiles(db, id))
  }
  await countUse(deps, opened.link)

  const entries: ZipEntry[] = []
  const rootName = safeSegment(folder.folder_name)
  const visit = (current: { id: string; updatedAt: string }, prefix: string) => {
    entries.push({ name: prefix, kind: 'directory', size: 0, modifiedAt: new Date(current.updatedAt) })
    const names = new NameSet()
    for (const sub of children.get(current.id) ?? [])
      visit(sub, `${prefix}/${names.take(safeSegment(sub.folder_name))}`)
    for (const file of filesByFolder.get(current.id) ?? []) {
      const blobKey = file.path
      entries.push({
        name: `${prefix}/${names.take(safeSegment(file.filename))}`,
        kind: 'file',
        size: Number(file.size),
        modifiedAt: new Date(file.updatedAt),
        open: async () => (await deps.storage.get(blobKey)).body,
      })
    }
  }
  visit(folder, rootName)
  return { name: rootName, entries }
}

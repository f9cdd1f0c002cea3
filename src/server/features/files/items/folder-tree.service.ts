import type { Transaction } from 'kysely'
import { FOLDER_TREE_LIMITS, type FolderTreeInput } from '../../../../shared/contract/files'
import type { FolderTreeResult } from '../../../../shared/contract/files-responses'
import { nameKey } from '../../../../shared/names'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canCreateFolder } from '../../../policies/files.policy'
import { loadFolderAccess } from '../access/folder-access.repository'
import { readableFolder } from '../access/item-access'
import { type FolderRow, findFolder } from '../access/item-rows.repository'
import { notifyItem } from './file-notify'
import { insertFolderRow } from './folders.repository'
import { claimFreeName, findByName, lockFolderForNames } from './names.repository'

// An uploaded folder's subfolders made in one request and one transaction (decision 0142), rather
// than one request per folder: all of them or none. A folder of that name already there is used as it
// is when the caller may create inside it (so sending the same tree twice makes nothing twice); a file
// of that name, or a folder they may not write into, leaves the name taken and the new folder takes
// the next free one, as a single new folder does. One notification per topmost folder made.

type Path = string[]
interface Made {
  id: string
  folder_name: string
  created: boolean
}

/** Every path and its parents once (names compared as the namespace compares them), parents first. */
function expand(paths: readonly Path[]): Path[] {
  const seen = new Map<string, Path>()
  for (const path of paths) {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth)
      const key = keyOf(prefix)
      if (!seen.has(key)) seen.set(key, prefix)
    }
  }
  return [...seen.values()].sort((a, b) => a.length - b.length)
}

const keyOf = (path: Path) => path.map(nameKey).join('/')

export async function createFolderTree(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  who: SignedInCaller,
  parentId: string,
  input: FolderTreeInput,
): Promise<FolderTreeResult> {
  const db = deps.database.db
  const { folder: parent, access } = await readableFolder(db, who, parentId)
  if (canCreateFolder(who, access, 'public') !== 'ok')
    throw problems.forbidden('Only editors of this folder can create folders in it.')
  const paths = expand(input.paths)
  if (paths.length > FOLDER_TREE_LIMITS.maxFolders) {
    throw problems.validation({
      paths: [`At most ${FOLDER_TREE_LIMITS.maxFolders} folders can be made at once (with their parents).`],
    })
  }
  const now = deps.clock()
  const folders = await db.transaction().execute(async (trx) => {
    const made = new Map<string, Made>()
    const out: FolderTreeResult['folders'] = []
    for (const path of paths) {
      const above = path.length > 1 ? made.get(keyOf(path.slice(0, -1)))! : undefined
      const into = above?.id ?? parentId
      const name = path.at(-1)!
      // Inside a folder this request made there is nothing yet, and the names are already distinct.
      const reused = above?.created ? undefined : await usableFolder(trx, who, into, name)
      let entry: Made
      if (reused) entry = { id: reused.id, created: false, folder_name: reused.folder_name }
      else {
        const free = above?.created ? name : await claimFreeName(trx, into, name)
        const row = await insertFolderRow(trx, {
          name: free,
          type: 'public',
          parentId: into,
          createdBy: who.id,
          now,
        })
        entry = { id: row.id, created: true, folder_name: row.folder_name }
      }
      made.set(keyOf(path), entry)
      out.push({ path, ...entry })
    }
    await notifyTops(trx, who, parent, paths, made, now)
    return out
  })
  return { folders }
}

/** The folder named `name` in `into`, when there is one the caller may create inside. */
async function usableFolder(trx: Transaction<DB>, who: SignedInCaller, into: string, name: string) {
  await lockFolderForNames(trx, into)
  const holder = await findByName(trx, into, name)
  if (holder?.type !== 'folder') return undefined
  const access = await loadFolderAccess(trx, who, holder.id)
  if (!access?.level || canCreateFolder(who, access, 'public') !== 'ok') return undefined
  return findFolder(trx, holder.id)
}

/** "created folder X in Y" for each folder made whose parent was not, with how many it holds. */
async function notifyTops(
  trx: Transaction<DB>,
  who: SignedInCaller,
  parent: FolderRow,
  paths: Path[],
  made: Map<string, Made>,
  now: Date,
) {
  const keys = paths.map(keyOf)
  for (const [index, path] of paths.entries()) {
    const key = keys[index]!
    const entry = made.get(key)!
    const above = path.length > 1 ? made.get(keyOf(path.slice(0, -1))) : undefined
    if (!entry.created || above?.created) continue
    const contents = keys.filter((k) => k.startsWith(`${key}/`)).length
    await notifyItem(
      trx,
      who,
      {
        type: 'folder',
        action: 'created',
        mainItem: entry.folder_name,
        subItem: path.length > 1 ? path.at(-2)! : parent.folder_name,
        contents,
        folderId: entry.id,
      },
      now,
    )
  }
}

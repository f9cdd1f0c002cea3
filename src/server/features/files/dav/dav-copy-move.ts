import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { copyItem } from '../items/copy.service'
import { createFolder, renameFile, updateFolder } from '../items/folders.service'
import { moveFolderToTop, moveItem } from '../items/move.service'
import { assertWritable, itemOf } from './dav-locks.service'
import { DAV_PREFIX, type DavResource, davSegments, resolvePath } from './dav-paths'
import { checkedName, type DavContext, davConflict, davForbidden, davNotFound } from './dav-request'
import { copyProperties, deleteLocksOf } from './dav-store.repository'
import { trashResource } from './dav-write'

// COPY and MOVE (RFC 4918 §9.8–9.9) as the file manager's copy, move and rename services: a copy is
// deep (Depth: infinity) and takes its own blobs and quota; a move keeps the item (its id, versions,
// shares and dead properties). With Overwrite: T whatever holds the destination goes to the trash
// first, as a "replace" in the file manager does; with Overwrite: F it is 412.

/** The Destination header as a resource; 400 unless it is a path under this server's /dav/. */
async function destinationOf(deps: AppDeps, who: SignedInCaller, header: string | undefined, base: string) {
  if (!header) throw new HttpProblem(400, 'no_destination', 'Send a Destination header.')
  let url: URL
  try {
    url = new URL(header, base)
  } catch {
    throw new HttpProblem(400, 'bad_destination', 'The Destination is not a URL.')
  }
  // Only the path is compared: behind a proxy the Host this app sees is not the one the client used.
  if (!(url.pathname === DAV_PREFIX || url.pathname.startsWith(`${DAV_PREFIX}/`)))
    throw new HttpProblem(502, 'bad_gateway', 'The Destination is not on this server’s /dav/.')
  return resolvePath(deps, who, davSegments(url.pathname))
}

async function rename(
  deps: AppDeps,
  who: SignedInCaller,
  item: { type: 'file' | 'folder'; id: string },
  name: string,
) {
  if (item.type === 'file') await renameFile(deps, who, item.id, { filename: name })
  else await updateFolder(deps, who, item.id, { folder_name: name })
}

export async function copyOrMove(ctx: DavContext, kind: 'copy' | 'move'): Promise<Response> {
  const { c, who, resource: source } = ctx
  const deps = c.var.deps
  const item = itemOf(source)
  if (!item)
    throw source.kind === 'missing' || source.kind === 'orphan'
      ? davNotFound()
      : davForbidden('Only files and folders can be copied or moved.')
  const depth = (c.req.header('depth') ?? 'infinity').toLowerCase()
  if (kind === 'move' && depth !== 'infinity')
    throw new HttpProblem(400, 'bad_depth', 'MOVE is always Depth: infinity.')
  if (kind === 'copy' && depth !== 'infinity' && depth !== '0')
    throw new HttpProblem(400, 'bad_depth', 'COPY takes Depth 0 or infinity.')
  const overwrite = (c.req.header('overwrite') ?? 'T').toUpperCase() !== 'F'
  const dest = await destinationOf(deps, who, c.req.header('destination'), c.req.url)
  if (dest.path === source.path) throw davForbidden('The source and the destination are the same.')
  if (dest.path.startsWith(`${source.path}/`) && item.type === 'folder')
    throw davForbidden('A folder cannot go inside itself.')
  if (dest.kind === 'orphan') throw davConflict('The destination’s folder does not exist.')
  if (dest.kind === 'root' || dest.kind === 'section') throw davForbidden('That place cannot be replaced.')
  const resolveTag = async (url: string) =>
    resolvePath(deps, who, davSegments(new URL(url, c.req.url).pathname)).catch(() => undefined)
  if (kind === 'move') await assertWritable(deps, who, source, c.req.header('if'), { deep: true, resolveTag })
  await assertWritable(deps, who, dest, c.req.header('if'), { deep: true, resolveTag })

  const existed = dest.kind === 'file' || dest.kind === 'folder'
  if (existed) {
    if (!overwrite)
      throw new HttpProblem(412, 'precondition_failed', 'The destination exists and Overwrite is F.')
    await trashResource(deps, who, dest)
  }
  const after: DavResource = existed
    ? await resolvePath(deps, who, davSegments(`${DAV_PREFIX}${dest.path}`))
    : dest
  if (after.kind !== 'missing') throw davConflict('The destination is still taken.')
  const name = checkedName(after.name)

  if (after.parent.kind === 'section') {
    // The top of My folders takes folders only; Public and Shared with me take none by a move.
    if (kind !== 'move' || item.type !== 'folder' || after.section !== 'My folders')
      throw davForbidden('Only a folder can move to the top, and only of My folders.')
    await moveFolderToTop(deps, who, item.id)
    if (source.kind === 'folder' && source.folder.folder_name !== name) await rename(deps, who, item, name)
  } else {
    const target = after.parent.folder
    if (kind === 'move') {
      const currentParent =
        source.kind === 'file'
          ? source.file.folder_id
          : source.kind === 'folder'
            ? source.folder.parent_id
            : null
      let currentName =
        source.kind === 'file'
          ? source.file.filename
          : source.kind === 'folder'
            ? source.folder.folder_name
            : name
      if (currentParent !== target.id) {
        currentName = (await moveItem(deps, who, item, target.id, 'rename')).name
      }
      if (currentName !== name) await rename(deps, who, item, name)
      await deleteLocksOf(deps.database.db, source.path, null)
    } else if (item.type === 'folder' && depth === '0') {
      const made = await createFolder(deps, who, { folder_name: name, parent_id: target.id })
      await copyProperties(deps.database.db, 'folder', item.id, made.id)
    } else {
      const copied = await copyItem(deps, who, item, target.id)
      if (copied.name !== name) await rename(deps, who, { type: item.type, id: copied.id }, name)
      await copyProperties(deps.database.db, item.type, item.id, copied.id)
    }
  }
  return new Response(null, { status: existed ? 204 : 201 })
}

import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { requestMediaType } from '../../../lib/http/media-type'
import { HttpProblem } from '../../../lib/http/problem'
import { requireFolder } from '../access/file-access'
import { createFolder } from '../items/folders.service'
import { appendUpload, cancelUpload, createUpload } from '../transfer/uploads.service'
import { trashItem } from '../trash/trash.service'
import { assertWritable, itemOf } from './dav-locks.service'
import { ocMtime } from './dav-mtime'
import type { DavResource } from './dav-paths'
import { putBody } from './dav-put-length'
import { notAllowed } from './dav-read'
import { checkedName, type DavContext, davConflict, davForbidden, davNotFound } from './dav-request'
import { bindLocksToItem, deleteLocksOf, setClientModifiedTime } from './dav-store.repository'

// The writing methods: PUT (streamed into the blob store through the upload service: quota reserved
// first, a replacement keeps a version, the same notification; X-OC-Mtime sets the client time), MKCOL (the folder service), DELETE
// (to the trash, through the trash service).

export const COLLECTION_ALLOW =
  'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, MKCOL, DELETE, COPY, MOVE, LOCK, UNLOCK'
export const FILE_ALLOW = 'OPTIONS, GET, HEAD, PUT, PROPFIND, PROPPATCH, DELETE, COPY, MOVE, LOCK, UNLOCK'

/**
 * Streams `body` into the file at `r` (a file to replace, or a free name in a folder) through the
 * upload service. The length must be known first (the quota is reserved before any byte is stored).
 * Returns the file's id and whether it is new.
 */
export async function writeFile(
  deps: AppDeps,
  who: SignedInCaller,
  r: DavResource,
  length: number,
  body: DavContextBody,
  declaredType: string | undefined,
): Promise<{ fileId: string; created: boolean }> {
  let metadata: Parameters<typeof createUpload>[2]['metadata']
  if (r.kind === 'file') metadata = { file_id: r.file.id }
  else if (r.kind === 'missing' && r.parent.kind === 'folder')
    metadata = { folder_id: r.parent.folder.id, filename: checkedName(r.name) }
  else if (r.kind === 'missing')
    throw davForbidden(
      `Files cannot go straight into “${r.section}”: it lists folders. Put the file inside one of its folders, or make a folder there first (MKCOL).`,
    )
  else if (r.kind === 'orphan') throw davConflict('The folder to put this in does not exist.')
  else throw notAllowed(COLLECTION_ALLOW)
  const upload = await createUpload(deps, who, {
    length,
    metadata: { ...metadata, ...(declaredType ? { filetype: declaredType } : {}) },
  })
  let result: Awaited<ReturnType<typeof appendUpload>>
  try {
    result = await appendUpload(deps, who, upload.id, { offset: 0, body, contentLength: length })
  } catch (error) {
    // Unlike tus, a PUT is not resumed: give the reservation and the staged bytes back at once.
    await cancelUpload(deps, who, upload.id).catch(() => undefined)
    throw error
  }
  if (!result.fileId) {
    await cancelUpload(deps, who, upload.id).catch(() => undefined)
    throw new HttpProblem(400, 'incomplete_body', 'The body ended before Content-Length bytes arrived.')
  }
  await bindLocksToItem(deps.database.db, r.path, 'file', result.fileId)
  return { fileId: result.fileId, created: r.kind !== 'file' }
}

type DavContextBody = Parameters<typeof appendUpload>[3]['body']

export async function put({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  if (c.req.header('content-range'))
    throw new HttpProblem(400, 'partial_put', 'Content-Range on PUT is not supported (RFC 9110 §9.3.4).')
  await assertWritable(deps, who, resource, c.req.header('if'))
  const contentType = requestMediaType(c) || undefined
  const mtime = ocMtime(c.req.header('x-oc-mtime'))
  const incoming = await putBody({ c, who, resource })
  let written: Awaited<ReturnType<typeof writeFile>>
  try {
    written = await writeFile(deps, who, resource, incoming.length, incoming.body, contentType)
  } finally {
    await incoming.done()
  }
  // The new content has no client time (the upload time stands) unless the client sent its mtime.
  if (mtime === undefined) return new Response(null, { status: written.created ? 201 : 204 })
  await setClientModifiedTime(deps.database.db, written.fileId, mtime)
  return new Response(null, {
    status: written.created ? 201 : 204,
    headers: { 'X-OC-MTime': 'accepted' },
  })
}

export async function mkcol({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  if (Number(c.req.header('content-length') ?? '0') > 0 || c.req.header('transfer-encoding'))
    throw new HttpProblem(415, 'unsupported_media_type', 'MKCOL takes no body.')
  if (resource.kind === 'orphan') throw davConflict('The folder to make this in does not exist.')
  if (resource.kind !== 'missing') throw notAllowed(resource.kind === 'file' ? FILE_ALLOW : COLLECTION_ALLOW)
  const name = checkedName(resource.name)
  await assertWritable(deps, who, resource, c.req.header('if'))
  if (resource.parent.kind === 'folder') {
    await createFolder(deps, who, { folder_name: name, parent_id: resource.parent.folder.id })
  } else if (resource.section === 'Shared with me') {
    throw davForbidden('Shared with me lists what others share; make folders in My folders.')
  } else {
    await createFolder(deps, who, {
      folder_name: name,
      parent_id: null,
      type: resource.section === 'Public' ? 'public' : 'locked',
    })
  }
  return new Response(null, { status: 201 })
}

export async function trashResource(deps: AppDeps, who: SignedInCaller, r: DavResource): Promise<void> {
  const item = itemOf(r)
  if (!item)
    throw r.kind === 'missing' || r.kind === 'orphan'
      ? davNotFound()
      : davForbidden('This cannot be deleted.')
  await trashItem(deps, who, item)
  await deleteLocksOf(deps.database.db, r.path, item.id)
}

export async function del({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  if (resource.kind === 'missing' || resource.kind === 'orphan') throw davNotFound()
  await assertWritable(deps, who, resource, c.req.header('if'), { deep: true })
  await trashResource(deps, who, resource)
  return new Response(null, { status: 204 })
}

/** Changing an item's properties needs editor rights where it lives (like renaming it). */
export async function requireEditor(deps: AppDeps, who: SignedInCaller, r: DavResource): Promise<void> {
  const db = deps.database.db
  if (r.kind === 'file') await requireFolder(db, who, r.file.folder_id, 'editor')
  else if (r.kind === 'folder') await requireFolder(db, who, r.folder.id, 'editor')
  else throw davForbidden('Only files and folders have properties to change.')
}

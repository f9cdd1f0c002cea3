import type { Context } from 'hono'
import {
  accessListSchema,
  bulkCopySchema,
  bulkMoveSchema,
  bulkResultSchema,
  bulkTrashSchema,
  childrenQuerySchema,
  copySchema,
  createFolderSchema,
  fileDetailSchema,
  fileSchema,
  folderChildrenSchema,
  folderDetailSchema,
  folderSchema,
  folderUserParamsSchema,
  grantSchema,
  homeQuerySchema,
  homeViewSchema,
  idParamsSchema,
  itemOutcomeSchema,
  moveSchema,
  restoreResultSchema,
  restoreSchema,
  searchQuerySchema,
  searchResultSchema,
  shareCandidatesSchema,
  trashContentsSchema,
  trashedSchema,
  trashListSchema,
  updateFileSchema,
  updateFolderSchema,
  userSearchQuerySchema,
} from '../../../shared/contract/files'
import type { AppDeps, AppEnv } from '../../deps'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { canOnFolder } from '../../policies/folders.policy'
import type { ActorUser } from './access'
import { readableFolder } from './access'
import { bulkCopy, bulkMove, bulkTrash } from './bulk.service'
import { createFolder, getFile, getFolder, listChildren, renameFile, updateFolder } from './folders.service'
import { homeView, searchItems } from './home.service'
import { copyItem, moveItem } from './move-copy.service'
import { folderAccessList, revokeGrant, searchUsers, setGrant } from './sharing.service'
import {
  deleteEntry,
  emptyTrash,
  listTrash,
  restoreEntry,
  trashEntryContents,
  trashItem,
} from './trash.service'

// The file manager's metadata API (product.md §2, issue 4). Every route is for signed-in users; what
// each may do with a given folder or file is decided by the folder rule in the services: what the
// caller cannot open answers 404 like a wrong id, what they can open but not change answers 403.

function who(c: Context<AppEnv>): ActorUser {
  const actor = c.var.actor
  return {
    actor,
    id: actor.kind === 'user' ? actor.id : '',
    name: c.var.session?.user.name ?? 'Someone',
  }
}

const tags = ['files']
const notFound = { 404: { description: 'No such item, or the caller cannot open it' } }
const forbidden = { 403: { description: 'The caller can open it but not do this' } }
const nameConflict = { 409: { description: '`name_taken`: the name is taken in the target folder' } }

async function shareCandidates(deps: AppDeps, user: ActorUser, folderId: string, q: string) {
  const { access } = await readableFolder(deps.database.db, user.actor, folderId)
  if (!canOnFolder(access, 'managePermissions'))
    throw problems.forbidden('Only administrators of this folder can share it.')
  return searchUsers(deps, user, q)
}

export const filesRoutes = [
  // ---- Home views and search
  defineRoute({
    method: 'get',
    path: '/api/folders',
    summary: 'A home view: public, shared (with me), mine (folders I administer), all (super users)',
    tags,
    access: 'signedIn',
    request: { query: homeQuerySchema },
    responses: { 200: { description: 'The top folders of the view', schema: homeViewSchema }, ...forbidden },
    handler: (c, { query }) => homeView(c.var.deps, who(c), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/items/search',
    summary: 'Folders and files whose name contains q, among everything the caller can open',
    tags,
    access: 'signedIn',
    request: { query: searchQuerySchema },
    responses: {
      200: { description: 'Matching folders and files (at most 50 each)', schema: searchResultSchema },
    },
    handler: (c, { query }) => searchItems(c.var.deps, who(c), query.q),
  }),

  // ---- Folders
  defineRoute({
    method: 'post',
    path: '/api/folders',
    summary: 'Creates a folder: top-level (locked; public for super users) or inside parent_id',
    tags,
    access: 'signedIn',
    request: { body: createFolderSchema },
    responses: {
      201: { description: 'The new folder (a free name is picked if taken)', schema: folderSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { body }) => createFolder(c.var.deps, who(c), body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id',
    summary: 'One folder with its visible breadcrumbs and the caller’s abilities',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The folder', schema: folderDetailSchema }, ...notFound },
    handler: (c, { params }) => getFolder(c.var.deps, who(c), params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/children',
    summary: 'A folder’s subfolders (those the caller can open) then files, sorted',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, query: childrenQuerySchema },
    responses: {
      200: { description: 'The folder, breadcrumbs, folders and files', schema: folderChildrenSchema },
      ...notFound,
    },
    handler: (c, { params, query }) => listChildren(c.var.deps, who(c), params.id, query),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/folders/:id',
    summary: 'Renames a folder and/or makes it locked or public',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: updateFolderSchema },
    responses: {
      200: { description: 'The folder', schema: folderSchema },
      ...forbidden,
      ...notFound,
      ...nameConflict,
    },
    handler: (c, { params, body }) => updateFolder(c.var.deps, who(c), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/folders/:id',
    summary: 'Moves a folder and everything in it to the trash',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'What was trashed', schema: trashedSchema }, ...forbidden, ...notFound },
    handler: (c, { params }) => trashItem(c.var.deps, who(c), { type: 'folder', id: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/folders/:id/move',
    summary: 'Moves a folder into another (never into itself or below)',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: moveSchema },
    responses: {
      200: { description: 'Where it went', schema: itemOutcomeSchema },
      ...forbidden,
      ...notFound,
      ...nameConflict,
      422: { description: '`move_into_itself`, or a field needs attention' },
    },
    handler: (c, { params, body }) =>
      moveItem(c.var.deps, who(c), { type: 'folder', id: params.id }, body.targetFolderId, body.onConflict),
  }),
  defineRoute({
    method: 'post',
    path: '/api/folders/:id/copy',
    summary: 'Copies a folder deeply (new ids, own blobs), leaving out subfolders the caller cannot open',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: copySchema },
    responses: { 201: { description: 'The copy', schema: itemOutcomeSchema }, ...forbidden, ...notFound },
    handler: (c, { params, body }) =>
      copyItem(c.var.deps, who(c), { type: 'folder', id: params.id }, body.targetFolderId),
  }),

  // ---- Sharing
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/permissions',
    summary: 'Who has access and from where (direct or inherited), for the folder’s administrators',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The access list', schema: accessListSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params }) => folderAccessList(c.var.deps, who(c), params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/share-candidates',
    summary: 'People to share the folder with, by name or e-mail (id, name, e-mail; at most 10)',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, query: userSearchQuerySchema },
    responses: {
      200: { description: 'Matching people', schema: shareCandidatesSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params, query }) => shareCandidates(c.var.deps, who(c), params.id, query.q),
  }),
  defineRoute({
    method: 'put',
    path: '/api/folders/:id/permissions/:userId',
    summary: 'Grants or changes someone’s level on the folder (up to the caller’s own); notifies them',
    tags,
    access: 'signedIn',
    request: { params: folderUserParamsSchema, body: grantSchema },
    responses: {
      200: { description: 'The access list after the change', schema: accessListSchema },
      ...forbidden,
      ...notFound,
      409: { description: '`last_administrator` or `user_restricted`' },
    },
    handler: (c, { params, body }) => setGrant(c.var.deps, who(c), params.id, params.userId, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/folders/:id/permissions/:userId',
    summary: 'Revokes someone’s direct grant on the folder',
    tags,
    access: 'signedIn',
    request: { params: folderUserParamsSchema },
    responses: {
      200: { description: 'Revoked' },
      ...forbidden,
      ...notFound,
      409: {
        description: '`last_administrator`: only a super user removes the last one of a top-level folder',
      },
    },
    handler: (c, { params }) => revokeGrant(c.var.deps, who(c), params.id, params.userId),
  }),

  // ---- Files (content: see the transfer routes)
  defineRoute({
    method: 'get',
    path: '/api/files/:id',
    summary: 'One file’s metadata, breadcrumbs and the caller’s abilities',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The file', schema: fileDetailSchema }, ...notFound },
    handler: (c, { params }) => getFile(c.var.deps, who(c), params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/files/:id',
    summary: 'Renames a file',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: updateFileSchema },
    responses: {
      200: { description: 'The file', schema: fileSchema },
      ...forbidden,
      ...notFound,
      ...nameConflict,
    },
    handler: (c, { params, body }) => renameFile(c.var.deps, who(c), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/files/:id',
    summary: 'Moves a file to the trash',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'What was trashed', schema: trashedSchema }, ...forbidden, ...notFound },
    handler: (c, { params }) => trashItem(c.var.deps, who(c), { type: 'file', id: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/files/:id/move',
    summary: 'Moves a file into another folder',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: moveSchema },
    responses: {
      200: { description: 'Where it went', schema: itemOutcomeSchema },
      ...forbidden,
      ...notFound,
      ...nameConflict,
    },
    handler: (c, { params, body }) =>
      moveItem(c.var.deps, who(c), { type: 'file', id: params.id }, body.targetFolderId, body.onConflict),
  }),
  defineRoute({
    method: 'post',
    path: '/api/files/:id/copy',
    summary: 'Copies a file (new id, own blob) under a free name',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: copySchema },
    responses: { 201: { description: 'The copy', schema: itemOutcomeSchema }, ...forbidden, ...notFound },
    handler: (c, { params, body }) =>
      copyItem(c.var.deps, who(c), { type: 'file', id: params.id }, body.targetFolderId),
  }),

  // ---- Bulk
  defineRoute({
    method: 'post',
    path: '/api/items/move',
    summary: 'Moves a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkMoveSchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkMove(c.var.deps, who(c), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/items/copy',
    summary: 'Copies a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkCopySchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkCopy(c.var.deps, who(c), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/items/trash',
    summary: 'Trashes a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkTrashSchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkTrash(c.var.deps, who(c), body),
  }),

  // ---- Trash
  defineRoute({
    method: 'get',
    path: '/api/trash',
    summary: 'The trash entries the caller may see (explicitly trashed items), newest first',
    tags,
    access: 'signedIn',
    responses: { 200: { description: 'Entries', schema: trashListSchema } },
    handler: (c) => listTrash(c.var.deps, who(c)),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/trash',
    summary: 'Empties the whole trash for good (super users)',
    tags,
    access: { staff: ['ManageFolders'] },
    responses: { 200: { description: 'How many entries were deleted' } },
    handler: (c) => emptyTrash(c.var.deps, who(c)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/trash/:id',
    summary: 'One trash entry and what went to the trash with it',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The entry and its contents', schema: trashContentsSchema },
      ...notFound,
    },
    handler: (c, { params }) => trashEntryContents(c.var.deps, who(c), params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/trash/:id/restore',
    summary: 'Restores an entry and what went with it; never overwrites',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: restoreSchema },
    responses: {
      200: { description: 'What was restored and where it went (restoredTo)', schema: restoreResultSchema },
      ...forbidden,
      ...notFound,
      409: {
        description: '`parent_trashed`: send restoreParent: true or a targetFolderId (listed in errors)',
      },
    },
    handler: (c, { params, body }) => restoreEntry(c.var.deps, who(c), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/trash/:id',
    summary: 'Deletes an entry for good (its blobs are removed in the background)',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'Deleted' }, ...forbidden, ...notFound },
    handler: (c, { params }) => deleteEntry(c.var.deps, who(c), params.id),
  }),
]

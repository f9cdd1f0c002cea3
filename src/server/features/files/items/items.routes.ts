import {
  bulkCopySchema,
  bulkMoveSchema,
  bulkTrashSchema,
  childrenQuerySchema,
  copySchema,
  createFolderSchema,
  folderTreeSchema,
  homeQuerySchema,
  ITEM_TYPES,
  idParamsSchema,
  moveFolderSchema,
  moveSchema,
  searchQuerySchema,
  updateFileSchema,
  updateFolderSchema,
} from '../../../../shared/contract/files'
import {
  bulkResultSchema,
  fileDetailSchema,
  fileSchema,
  folderChildrenSchema,
  folderDetailSchema,
  folderSchema,
  folderTreeResultSchema,
  homeViewSchema,
  itemOutcomeSchema,
  searchResultSchema,
  storageUsageSchema,
  trashedSchema,
} from '../../../../shared/contract/files-responses'
import { requireSignedIn } from '../../../lib/http/caller'
import { defineRoute } from '../../../lib/http/route'
import { davLocked, forbidden, nameConflict, notFound, tags } from '../access/route-helpers'
import { myStorage } from '../transfer/storage-quota'
import { trashItem } from '../trash/trash.service'
import { bulkCopy, bulkMove, bulkTrash } from './bulk.service'
import { listChildren } from './children.service'
import { copyItem } from './copy.service'
import { createFolderTree } from './folder-tree.service'
import { createFolder, getFile, getFolder, renameFile, updateFolder } from './folders.service'
import { homeView } from './home.service'
import { moveFolderToTop, moveItem } from './move.service'
import { searchItems } from './search.service'

// The file manager's folders and files (product.md §2); sharing and the trash have their own route
// modules. Every route is for signed-in users; what each may do with a given folder or file is decided
// by the folder rule in the services: what the caller cannot open answers 404 like a wrong id, what
// they can open but not change answers 403.

const itemWords = {
  folder: {
    trash: 'Moves a folder and everything in it to the trash',
    copy: 'Copies a folder deeply (new ids, own blobs), leaving out subfolders the caller cannot open',
  },
  file: { trash: 'Moves a file to the trash', copy: 'Copies a file (new id, own blob) under a free name' },
}

/** Trash and copy, the same steps for a folder and a file: one declaration for each item type. */
const trashAndCopyRoutes = ITEM_TYPES.flatMap((type) => {
  const item = type === 'folder' ? '/api/folders/:id' : '/api/files/:id'
  return [
    defineRoute({
      method: 'delete',
      path: item,
      summary: itemWords[type].trash,
      tags,
      access: 'signedIn',
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'What was trashed', schema: trashedSchema },
        ...forbidden,
        ...davLocked,
        ...notFound,
      },
      handler: (c, { params }) =>
        trashItem(c.var.deps, requireSignedIn(c.var.caller), { type, id: params.id }),
    }),
    defineRoute({
      method: 'post',
      path: type === 'folder' ? '/api/folders/:id/copy' : '/api/files/:id/copy',
      summary: itemWords[type].copy,
      tags,
      access: 'signedIn',
      request: { params: idParamsSchema, body: copySchema },
      responses: { 201: { description: 'The copy', schema: itemOutcomeSchema }, ...forbidden, ...notFound },
      handler: (c, { params, body }) =>
        copyItem(c.var.deps, requireSignedIn(c.var.caller), { type, id: params.id }, body.targetFolderId),
    }),
  ]
})

/** Home views, search, the caller's storage, folders and files one at a time, and bulk actions. */
export const itemsRoutes = [
  // ---- Home views and search
  defineRoute({
    method: 'get',
    path: '/api/folders',
    summary: 'A home view: public, shared (with me), mine (folders I administer), all (super users)',
    tags,
    access: 'signedIn',
    request: { query: homeQuerySchema },
    responses: { 200: { description: 'The top folders of the view', schema: homeViewSchema }, ...forbidden },
    handler: (c, { query }) => homeView(c.var.deps, requireSignedIn(c.var.caller), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/items/search',
    summary:
      'Folders and files whose name contains q (3 characters or more), among everything the caller can open; the names that start with q first, then the others, each in name order (`order` interleaves the page’s folders and files); one page at a time, the next by nextCursor',
    tags,
    access: 'signedIn',
    request: { query: searchQuerySchema },
    responses: {
      200: {
        description: 'One page of matching folders and files (limit in all)',
        schema: searchResultSchema,
      },
      400: {
        description: 'The cursor is not one this search made (or was made before results came in tiers)',
      },
    },
    handler: (c, { query }) => searchItems(c.var.deps, requireSignedIn(c.var.caller), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/me/storage',
    summary: 'The caller’s storage used and their quota (null for staff and admins, who have none)',
    tags,
    access: 'signedIn',
    responses: { 200: { description: 'Bytes used and the quota', schema: storageUsageSchema } },
    handler: (c) => myStorage(c.var.deps, c.var.caller),
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
    handler: (c, { body }) => createFolder(c.var.deps, requireSignedIn(c.var.caller), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/folders/:id/tree',
    summary:
      'Makes a tree of folders inside the folder in one transaction (an uploaded folder’s subfolders); existing folders the caller may write into are reused',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: folderTreeSchema },
    responses: {
      200: {
        description: 'Each path (and each parent) with its folder’s id, parents first',
        schema: folderTreeResultSchema,
      },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params, body }) =>
      createFolderTree(c.var.deps, requireSignedIn(c.var.caller), params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id',
    summary: 'One folder with its visible breadcrumbs and the caller’s abilities',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The folder', schema: folderDetailSchema }, ...notFound },
    handler: (c, { params }) => getFolder(c.var.deps, requireSignedIn(c.var.caller), params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/children',
    summary:
      'A page of a folder’s subfolders (those the caller can open) then files, sorted; nextCursor continues',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, query: childrenQuerySchema },
    responses: {
      200: {
        description: 'The folder, breadcrumbs and one page of folders and files',
        schema: folderChildrenSchema,
      },
      400: { description: 'A cursor this list did not give out for this order' },
      ...notFound,
    },
    handler: (c, { params, query }) =>
      listChildren(c.var.deps, requireSignedIn(c.var.caller), params.id, query),
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
    handler: (c, { params, body }) =>
      updateFolder(c.var.deps, requireSignedIn(c.var.caller), params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/folders/:id/move',
    summary:
      'Moves a folder into another (never into itself or below), or to the top of My folders (targetFolderId: null)',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: moveFolderSchema },
    responses: {
      200: { description: 'Where it went', schema: itemOutcomeSchema },
      ...forbidden,
      ...davLocked,
      ...notFound,
      ...nameConflict,
      422: { description: '`move_into_itself`, or a field needs attention' },
    },
    handler: (c, { params, body }) =>
      body.targetFolderId === null
        ? moveFolderToTop(c.var.deps, requireSignedIn(c.var.caller), params.id)
        : moveItem(
            c.var.deps,
            requireSignedIn(c.var.caller),
            { type: 'folder', id: params.id },
            body.targetFolderId,
            body.onConflict,
          ),
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
    handler: (c, { params }) => getFile(c.var.deps, requireSignedIn(c.var.caller), params.id),
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
      ...davLocked,
      ...notFound,
      ...nameConflict,
    },
    handler: (c, { params, body }) => renameFile(c.var.deps, requireSignedIn(c.var.caller), params.id, body),
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
      ...davLocked,
      ...notFound,
      ...nameConflict,
    },
    handler: (c, { params, body }) =>
      moveItem(
        c.var.deps,
        requireSignedIn(c.var.caller),
        { type: 'file', id: params.id },
        body.targetFolderId,
        body.onConflict,
      ),
  }),

  ...trashAndCopyRoutes,

  // ---- Bulk
  defineRoute({
    method: 'post',
    path: '/api/items/move',
    summary: 'Moves a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkMoveSchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkMove(c.var.deps, requireSignedIn(c.var.caller), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/items/copy',
    summary: 'Copies a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkCopySchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkCopy(c.var.deps, requireSignedIn(c.var.caller), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/items/trash',
    summary: 'Trashes a selection; one result per item',
    tags,
    access: 'signedIn',
    request: { body: bulkTrashSchema },
    responses: { 200: { description: 'Per-item results', schema: bulkResultSchema } },
    handler: (c, { body }) => bulkTrash(c.var.deps, requireSignedIn(c.var.caller), body),
  }),
]

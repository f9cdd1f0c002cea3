import { idParamsSchema, restoreSchema } from '../../../../shared/contract/files'
import {
  restoreResultSchema,
  trashContentsSchema,
  trashEmptiedSchema,
  trashEntryDeletedSchema,
  trashListSchema,
} from '../../../../shared/contract/files-responses'
import { requireSignedIn } from '../../../lib/http/caller'
import { defineRoute } from '../../../lib/http/route'
import { forbidden, notFound, tags } from '../access/route-helpers'
import { restoreEntry } from './restore.service'
import { deleteEntry, emptyTrash, listTrash, trashEntryContents } from './trash-entries.service'

// The trash: entries the caller may see, what an entry holds, restore, delete for good, empty.

export const trashRoutes = [
  // ---- Trash
  defineRoute({
    method: 'get',
    path: '/api/trash',
    summary: 'The trash entries the caller may see (explicitly trashed items), newest first',
    tags,
    access: 'signedIn',
    responses: { 200: { description: 'Entries', schema: trashListSchema } },
    handler: (c) => listTrash(c.var.deps, requireSignedIn(c.var.caller)),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/trash',
    summary: 'Empties the whole trash for good (super users)',
    tags,
    access: { staff: ['ManageFolders'] },
    responses: { 200: { description: 'How many entries were deleted', schema: trashEmptiedSchema } },
    handler: (c) => emptyTrash(c.var.deps, requireSignedIn(c.var.caller)),
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
    handler: (c, { params }) => trashEntryContents(c.var.deps, requireSignedIn(c.var.caller), params.id),
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
    handler: (c, { params, body }) =>
      restoreEntry(c.var.deps, requireSignedIn(c.var.caller), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/trash/:id',
    summary: 'Deletes an entry for good (its blobs are removed in the background)',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'Deleted', schema: trashEntryDeletedSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params }) => deleteEntry(c.var.deps, requireSignedIn(c.var.caller), params.id),
  }),
]

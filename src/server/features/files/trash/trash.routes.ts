import { idParamsSchema, restoreSchema, trashListQuerySchema } from '../../../../shared/contract/files'
import {
  myTrashEmptiedSchema,
  restoreResultSchema,
  trashContentsSchema,
  trashEmptiedSchema,
  trashEntryDeletedSchema,
  trashListSchema,
} from '../../../../shared/contract/files-responses'
import { csvResponse } from '../../../lib/csv/csv-response'
import { requireSignedIn } from '../../../lib/http/caller'
import { defineRoute } from '../../../lib/http/route'
import { forbidden, notFound, tags } from '../access/route-helpers'
import { restoreEntry } from './restore.service'
import { deleteEntry, emptyMyTrash, emptyTrash } from './trash-delete.service'
import { exportTrash, listTrash, trashEntryContents } from './trash-list.service'

// The trash: entries the caller may see, what an entry holds, restore, delete for good, empty.

export const trashRoutes = [
  // ---- Trash
  defineRoute({
    method: 'get',
    path: '/api/trash',
    summary: 'A page of the trash entries the caller may see: search, filter, sort (newest first by default)',
    tags,
    access: 'signedIn',
    request: { query: trashListQuerySchema },
    responses: { 200: { description: 'A page of entries', schema: trashListSchema } },
    handler: (c, { query }) => listTrash(c.var.deps, requireSignedIn(c.var.caller), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/trash/export.csv',
    summary: 'Every trash entry matching the filters, as CSV (super users; the export is audited)',
    tags,
    access: { staff: ['ManageFolders'] },
    request: { query: trashListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) => {
      const stamp = c.var.deps.clock().toISOString().slice(0, 10)
      return csvResponse(
        await exportTrash(c.var.deps, requireSignedIn(c.var.caller), query),
        `trash-${stamp}.csv`,
      )
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/trash/mine',
    summary: 'Empty my trash: deletes for good the entries the caller trashed and may delete',
    tags,
    access: 'signedIn',
    responses: {
      200: {
        description: 'How many entries went, and how many stayed (not theirs to delete)',
        schema: myTrashEmptiedSchema,
      },
    },
    handler: (c) => emptyMyTrash(c.var.deps, requireSignedIn(c.var.caller)),
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

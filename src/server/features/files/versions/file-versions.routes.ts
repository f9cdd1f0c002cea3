import {
  fileVersionsSchema,
  versionDeletedSchema,
  versionParamsSchema,
  versionRestoredSchema,
} from '../../../../shared/contract/file-versions'
import { idParamsSchema } from '../../../../shared/contract/files'
import { previewAndDownloadRoutes } from '../../../lib/blobs/blob-routes'
import { requireSignedIn } from '../../../lib/http/caller'
import { defineRoute } from '../../../lib/http/route'
import { forbidden, notFound, tags } from '../access/route-helpers'
import { deleteVersion, listFileVersions, restoreVersion, versionToSend } from './file-versions.service'

// A file's versions: list, download, restore, delete (file-versions.service.ts decides).

export const fileVersionsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/files/:id/versions',
    summary: 'The file’s current content and its earlier versions, newest first',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'Versions', schema: fileVersionsSchema }, ...notFound },
    handler: (c, { params }) => listFileVersions(c.var.deps, requireSignedIn(c.var.caller), params.id),
  }),
  ...previewAndDownloadRoutes({
    path: '/api/files/:id/versions/:versionId',
    summaries: {
      inline: 'Shows an earlier version inline when that is safe for its type',
      attachment: 'Downloads an earlier version (attachment, under the file’s name)',
    },
    tags,
    access: 'signedIn',
    params: versionParamsSchema,
    problems: notFound,
    blob: (c, { params }, disposition) =>
      versionToSend(c.var.deps, requireSignedIn(c.var.caller), params.id, params.versionId, disposition),
  }),
  defineRoute({
    method: 'post',
    path: '/api/files/:id/versions/:versionId/restore',
    summary: 'Makes a version the current content; the current content becomes the newest version',
    tags,
    access: 'signedIn',
    request: { params: versionParamsSchema },
    responses: {
      200: { description: 'The file’s content now', schema: versionRestoredSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params }) =>
      restoreVersion(c.var.deps, requireSignedIn(c.var.caller), params.id, params.versionId),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/files/:id/versions/:versionId',
    summary: 'Deletes a version for good (administrators of the folder)',
    tags,
    access: 'signedIn',
    request: { params: versionParamsSchema },
    responses: {
      200: { description: 'Deleted', schema: versionDeletedSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params }) =>
      deleteVersion(c.var.deps, requireSignedIn(c.var.caller), params.id, params.versionId),
  }),
]

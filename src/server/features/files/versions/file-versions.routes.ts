import {
  fileVersionsSchema,
  versionDeletedSchema,
  versionParamsSchema,
  versionRestoredSchema,
} from '../../../../shared/contract/file-versions'
import { idParamsSchema } from '../../../../shared/contract/files'
import { sendBlob } from '../../../lib/http/blob-response'
import { requireSignedIn } from '../../../lib/http/caller'
import {
  acceptRangesHeader,
  contentRangeHeader,
  etagHeader,
  rangeRequestHeaders,
} from '../../../lib/http/documented-headers'
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
  defineRoute({
    method: 'get',
    path: '/api/files/:id/versions/:versionId/download',
    summary: 'Downloads an earlier version (attachment, under the file’s name), with ranges and ETag',
    tags,
    access: 'signedIn',
    request: { params: versionParamsSchema, headers: rangeRequestHeaders },
    responses: {
      200: {
        description: 'The bytes of the version',
        contentType: '*/*',
        headers: { ...etagHeader, ...acceptRangesHeader },
      },
      206: {
        description: 'One byte range',
        contentType: '*/*',
        headers: { ...etagHeader, ...acceptRangesHeader, ...contentRangeHeader('`bytes first-last/size`') },
      },
      304: { description: 'Not modified (If-None-Match)', headers: { ...etagHeader, ...acceptRangesHeader } },
      ...notFound,
      416: { description: 'Range outside the version', headers: contentRangeHeader('`bytes */size`') },
    },
    handler: async (c, { params }) =>
      sendBlob(
        c,
        await versionToSend(c.var.deps, requireSignedIn(c.var.caller), params.id, params.versionId),
      ),
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

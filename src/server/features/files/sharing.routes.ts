import {
  folderUserParamsSchema,
  grantSchema,
  idParamsSchema,
  userSearchQuerySchema,
} from '../../../shared/contract/files'
import { accessListSchema, shareCandidatesSchema } from '../../../shared/contract/files-responses'
import { defineRoute } from '../../lib/http/route'
import { forbidden, notFound, tags, who } from './route-helpers'
import { folderAccessList, revokeGrant, setGrant, shareCandidates } from './sharing.service'

// Sharing a folder: who has access and from where, finding people, granting and revoking.

export const sharingRoutes = [
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
]

import {
  folderPendingShareParamsSchema,
  folderUserParamsSchema,
  grantSchema,
  idParamsSchema,
  shareByEmailSchema,
  userSearchQuerySchema,
} from '../../../../shared/contract/files'
import {
  accessListSchema,
  grantRevokedSchema,
  pendingShareCancelledSchema,
  shareByEmailResultSchema,
  shareCandidatesSchema,
} from '../../../../shared/contract/files-responses'
import { requireSignedIn } from '../../../lib/http/caller'
import { defineRoute } from '../../../lib/http/route'
import { forbidden, notFound, tags } from '../access/route-helpers'
import { cancelPendingShare } from './pending-shares.service'
import { shareByEmail, shareCandidates } from './share-lookup.service'
import { folderAccessList, revokeGrant, setGrant } from './sharing.service'

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
    handler: (c, { params }) => folderAccessList(c.var.deps, requireSignedIn(c.var.caller), params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/share-candidates',
    summary: 'People to share the folder with, without revealing who has an account',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, query: userSearchQuerySchema },
    responses: {
      200: {
        description:
          'Super users (admins, ManageFolders staff) search everyone by part of a name or e-mail address. ' +
          'Anyone else finds, by part of a name or address, only the people they already share with (who ' +
          'hold a grant on a folder they administer, or administer a folder they hold a grant on): `items` ' +
          '(id, name, e-mail; at most 10). A full e-mail address that none of the items has comes back as ' +
          '`address`, as typed (normalised), whether or not an account has it: share with it through ' +
          'POST /api/folders/{id}/shares.',
        schema: shareCandidatesSchema,
      },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params, query }) =>
      shareCandidates(c.var.deps, requireSignedIn(c.var.caller), params.id, query.q),
  }),
  defineRoute({
    method: 'post',
    path: '/api/folders/:id/shares',
    summary: 'Shares the folder with whoever has an e-mail address, without saying whether anyone has it',
    tags,
    access: 'signedIn',
    request: { params: idParamsSchema, body: shareByEmailSchema },
    responses: {
      200: {
        description:
          'The address and level, as sent, whatever happened. If an active account other than the ' +
          'caller’s has the address, it now has the level (up to the caller’s own) and was notified; ' +
          'otherwise nothing happened. Callers who are not super users may share by address 30 times an hour.',
        schema: shareByEmailResultSchema,
      },
      ...forbidden,
      ...notFound,
      429: { description: '`rate_limited`: too many shares by address (Retry-After)' },
    },
    handler: (c, { params, body }) =>
      shareByEmail(c.var.deps, requireSignedIn(c.var.caller), params.id, body),
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
    handler: (c, { params, body }) =>
      setGrant(c.var.deps, requireSignedIn(c.var.caller), params.id, params.userId, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/folders/:id/permissions/:userId',
    summary: 'Revokes someone’s direct grant on the folder',
    tags,
    access: 'signedIn',
    request: { params: folderUserParamsSchema },
    responses: {
      200: { description: 'Revoked', schema: grantRevokedSchema },
      ...forbidden,
      ...notFound,
      409: {
        description: '`last_administrator`: only a super user removes the last one of a top-level folder',
      },
    },
    handler: (c, { params }) =>
      revokeGrant(c.var.deps, requireSignedIn(c.var.caller), params.id, params.userId),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/folders/:id/pending-shares/:pendingId',
    summary: 'Takes back a share with an address that has not signed up yet',
    tags,
    access: 'signedIn',
    request: { params: folderPendingShareParamsSchema },
    responses: {
      200: { description: 'Taken back', schema: pendingShareCancelledSchema },
      ...forbidden,
      ...notFound,
    },
    handler: (c, { params }) =>
      cancelPendingShare(c.var.deps, requireSignedIn(c.var.caller), params.id, params.pendingId),
  }),
]

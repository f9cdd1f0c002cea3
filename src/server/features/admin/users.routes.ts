import { z } from 'zod'
import {
  accessChangeSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  endSessionsQuerySchema,
  sessionsEndedSchema,
} from '../../../shared/contract/admin-users'
import { csvResponse } from '../../lib/csv/csv-response'
import { defineRoute } from '../../lib/http/route'
import { endUserSessions, exportUsers, getUser, listUsers, updateUserAccess } from './users.service'

// The admin's users table and user page.

const idParams = z.object({ id: z.string().uuid() })

export const adminUsersRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Users: search, filter, sort and page',
    tags: ['admin'],
    access: 'admin',
    request: { query: adminUserListQuerySchema },
    responses: { 200: { description: 'A page of users', schema: adminUserListSchema } },
    handler: (c, { query }) => listUsers(c.var.deps, c.var.caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/users/export.csv',
    summary: 'Every user matching the filters, as CSV',
    tags: ['admin'],
    access: 'admin',
    request: { query: adminUserListQuerySchema },
    responses: { 200: { description: 'RFC 4180 CSV with a UTF-8 BOM', contentType: 'text/csv' } },
    handler: async (c, { query }) => {
      const stamp = c.var.deps.clock().toISOString().slice(0, 10)
      return csvResponse(await exportUsers(c.var.deps, c.var.caller, query), `users-${stamp}.csv`)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/users/:id',
    summary: 'One user, with their sessions count and connected providers',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams },
    responses: { 200: { description: 'The user', schema: adminUserDetailSchema } },
    handler: (c, { params }) => getUser(c.var.deps, c.var.caller, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/users/:id',
    summary: 'Changes role, staff functions or restriction',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams, body: accessChangeSchema },
    responses: {
      200: { description: 'The user after the change', schema: adminUserDetailSchema },
      409: { description: 'Refused: yourself, or the last admin' },
    },
    handler: (c, { params, body }) => updateUserAccess(c.var.deps, c.var.caller, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/users/:id/sessions',
    summary: 'Signs the user out everywhere; with ?tokens=true also revokes their access tokens (audited)',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams, query: endSessionsQuerySchema },
    responses: {
      200: { description: 'How many sessions ended and tokens were revoked', schema: sessionsEndedSchema },
    },
    handler: (c, { params, query }) =>
      endUserSessions(c.var.deps, c.var.caller, params.id, { tokens: query.tokens === 'true' }),
  }),
]

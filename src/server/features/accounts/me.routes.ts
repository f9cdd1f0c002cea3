import { z } from 'zod'
import {
  sessionIdParamsSchema,
  sessionSummarySchema,
  sessionUserSchema,
} from '../../../shared/contract/accounts'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { deleteSessionOfUser, listSessionsOfUser } from './sessions.repository'

// The signed-in user's own account: who they are and where they are signed in.

export const meRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user',
    tags: ['account'],
    access: 'signedIn',
    responses: { 200: { description: 'The user', schema: sessionUserSchema } },
    handler: (c) => {
      const { isRestricted: _r, emailVerified: _e, ...user } = c.var.session!.user
      return user
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/me/sessions',
    summary: 'Where the user is signed in',
    tags: ['account'],
    access: 'signedIn',
    responses: { 200: { description: 'Sessions, most recent first', schema: z.array(sessionSummarySchema) } },
    handler: async (c) => {
      const session = c.var.session!
      const rows = await listSessionsOfUser(c.var.deps.database.db, session.user.id)
      return rows.map((row) => ({ ...row, current: row.id === session.id }))
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/me/sessions/:id',
    summary: 'Signs the user out of one of their sessions',
    tags: ['account'],
    access: 'signedIn',
    request: { params: sessionIdParamsSchema },
    responses: { 204: { description: 'Ended' } },
    handler: async (c, { params }) => {
      const result = await deleteSessionOfUser(c.var.deps.database.db, c.var.session!.user.id, params.id)
      // Someone else's session id answers like a missing one.
      if (Number(result.numDeletedRows) === 0) throw problems.notFound('No such session.')
      return undefined
    },
  }),
]

import type { Context } from 'hono'
import { z } from 'zod'
import {
  accessTokenSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from '../../../../shared/contract/access-tokens'
import type { AppEnv } from '../../../deps'
import { defineRoute } from '../../../lib/http/route'
import { clientInfo } from '../client-info'
import { requireUserExists } from '../profile/me.service'
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type TokenActor,
} from './access-tokens.service'

// Personal access tokens (docs/decisions/0057): the owner's own on the profile page, and any user's
// on the admin's user page.

const tags = ['account']
const idParams = z.object({ id: z.string().uuid() })
const adminParams = z.object({ userId: z.string().uuid(), id: z.string().uuid() })

const by = (c: Context<AppEnv>): TokenActor => {
  const user = c.var.session!.user
  return { id: user.id, email: user.email, from: clientInfo(c) }
}

async function requireUser(c: Context<AppEnv>, id: string): Promise<void> {
  await requireUserExists(c.var.deps, id)
}

export const accessTokensRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me/access-tokens',
    summary: 'The user’s personal access tokens (never their secrets)',
    tags,
    access: 'signedIn',
    responses: { 200: { description: 'Tokens, newest first', schema: z.array(accessTokenSchema) } },
    handler: (c) => listAccessTokens(c.var.deps, c.var.session!.user.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/access-tokens',
    summary: 'Creates a personal access token; the answer is the only time its secret is shown',
    tags,
    access: 'signedIn',
    sessionOnly: 'Access tokens are made from a signed-in browser session, not with another token.',
    request: { body: createAccessTokenSchema },
    responses: {
      201: { description: 'Created, with the secret', schema: createdAccessTokenSchema },
      409: { description: '`too_many_tokens`: the user has the most tokens allowed' },
    },
    handler: (c, { body }) => createAccessToken(c.var.deps, by(c), body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/me/access-tokens/:id',
    summary: 'Revokes one of the user’s access tokens',
    tags,
    access: 'signedIn',
    request: { params: idParams },
    responses: { 204: { description: 'Revoked' }, 404: { description: 'No such token of the user' } },
    handler: async (c, { params }) => {
      await revokeAccessToken(c.var.deps, by(c), c.var.session!.user.id, params.id)
      return undefined
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/users/:id/access-tokens',
    summary: 'A user’s personal access tokens (never their secrets)',
    tags: ['admin'],
    access: 'admin',
    request: { params: idParams },
    responses: {
      200: { description: 'Tokens, newest first', schema: z.array(accessTokenSchema) },
      404: { description: 'No such user' },
    },
    handler: async (c, { params }) => {
      await requireUser(c, params.id)
      return listAccessTokens(c.var.deps, params.id)
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/users/:userId/access-tokens/:id',
    summary: 'Revokes one of a user’s access tokens',
    tags: ['admin'],
    access: 'admin',
    request: { params: adminParams },
    responses: { 204: { description: 'Revoked' }, 404: { description: 'No such user or token' } },
    handler: async (c, { params }) => {
      await revokeAccessToken(c.var.deps, by(c), params.userId, params.id)
      return undefined
    },
  }),
]

import type { Context } from 'hono'
import { z } from 'zod'
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type Me,
  meSchema,
  profileUpdateSchema,
  sessionIdParamsSchema,
  sessionSummarySchema,
} from '../../../shared/contract/accounts'
import type { AppEnv } from '../../deps'
import { etagHeader, ifNoneMatchHeader } from '../../lib/http/documented-headers'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { readLimitedBody, removeAvatar, setAvatar, updateProfile } from './profile.service'
import { deleteSessionOfUser, listSessionsOfUser } from './sessions.repository'
import { findUserById } from './users.repository'

const presentMe = async (c: Context<AppEnv>): Promise<Me> => {
  const db = c.var.deps.database.db
  const user = await findUserById(db, c.var.session!.user.id)
  if (!user) throw problems.unauthenticated()
  const linked = await db
    .selectFrom('accounts')
    .select('provider')
    .where('userId', '=', user.id)
    .orderBy('provider')
    .execute()
  return {
    id: user.id,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    image: user.image,
    account_type: user.account_type,
    business_name: user.business_name,
    industry: user.industry,
    role: user.role,
    staffFunctions: c.var.session!.user.staffFunctions,
    emailVerified: user.emailVerified,
    hasPassword: user.password !== null,
    providers: [...new Set(linked.map((row) => row.provider))],
  }
}

// The signed-in user's own account: who they are and where they are signed in.

export const meRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user',
    tags: ['account'],
    access: 'signedIn',
    duringTwoFactorEnrolment: true,
    responses: { 200: { description: 'The user', schema: meSchema } },
    handler: (c) => presentMe(c),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/me',
    summary: 'Changes the user’s names and business details',
    tags: ['account'],
    access: 'signedIn',
    request: { body: profileUpdateSchema },
    responses: { 200: { description: 'The user after the change', schema: meSchema } },
    handler: async (c, { body }) => {
      await updateProfile(c.var.deps, c.var.session!.user.id, body)
      return presentMe(c)
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/me/avatar',
    summary: 'Sets the profile picture (the image file as the body; stored resized to 256×256)',
    tags: ['account'],
    access: 'signedIn',
    request: { bodyType: 'raw', maxBodyBytes: AVATAR_MAX_BYTES },
    responses: {
      200: { description: 'Stored', schema: z.object({ image: z.string() }) },
      413: { description: 'Over 5 MB' },
      422: { description: 'An image that cannot be read' },
      415: { description: 'Not an image type we take' },
    },
    handler: async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim()
      if (!(AVATAR_TYPES as readonly string[]).includes(type)) {
        throw problems.unsupportedMediaType(`Send a picture as one of: ${AVATAR_TYPES.join(', ')}.`)
      }
      const bytes = await readLimitedBody(c.req.raw)
      return { image: await setAvatar(c.var.deps, c.var.session!.user.id, bytes) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/me/avatar',
    summary: 'Removes the profile picture',
    tags: ['account'],
    access: 'signedIn',
    responses: { 204: { description: 'Removed' } },
    handler: async (c) => {
      await removeAvatar(c.var.deps, c.var.session!.user.id)
      return undefined
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/users/:id/avatar',
    summary: 'A user’s profile picture',
    tags: ['account'],
    access: 'signedIn',
    request: { params: z.object({ id: z.string().uuid() }), headers: ifNoneMatchHeader },
    responses: {
      200: { description: 'A 256×256 WebP', contentType: 'image/webp', headers: etagHeader },
      304: { description: 'Unchanged since the ETag sent as If-None-Match', headers: etagHeader },
      404: { description: 'No picture' },
    },
    handler: async (c, { params }) => {
      const avatar = await c.var.deps.database.db
        .selectFrom('user_avatars')
        .select(['bytes', 'contentType', 'updatedAt'])
        .where('userId', '=', params.id)
        .executeTakeFirst()
      if (!avatar) throw problems.notFound('No picture.')
      const etag = `"${Date.parse(avatar.updatedAt).toString(36)}"`
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag })
      return c.body(new Uint8Array(avatar.bytes), 200, {
        'Content-Type': avatar.contentType,
        'Content-Length': String(avatar.bytes.length),
        'Cache-Control': 'private, max-age=86400',
        ETag: etag,
      })
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

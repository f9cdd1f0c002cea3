import { z } from 'zod'
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarStoredSchema,
  meSchema,
  otherSessionsEndedSchema,
  profileUpdateSchema,
  sessionIdParamsSchema,
  sessionListSchema,
} from '../../../../shared/contract/accounts'
import { etagHeader, ifNoneMatchHeader } from '../../../lib/http/documented-headers'
import { requestMediaType } from '../../../lib/http/media-type'
import { problems } from '../../../lib/http/problem'
import { defineRoute } from '../../../lib/http/route'
import { readLimitedBody } from '../../../lib/image-upload-body'
import { avatarOf, endMyOtherSessions, endMySession, mySessions, presentMe } from './me.service'
import { removeAvatar, setAvatar, updateProfile } from './profile.service'

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
    handler: (c) => presentMe(c.var.deps, c.var.session!.user.id, c.var.session!.user.staffFunctions),
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
      return presentMe(c.var.deps, c.var.session!.user.id, c.var.session!.user.staffFunctions)
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
      200: { description: 'Stored', schema: avatarStoredSchema },
      413: { description: 'Over 5 MB' },
      422: { description: 'An image that cannot be read' },
      415: { description: 'Not an image type we take' },
    },
    handler: async (c) => {
      const type = requestMediaType(c)
      if (!(AVATAR_TYPES as readonly string[]).includes(type)) {
        throw problems.unsupportedMediaType(`Send a picture as one of: ${AVATAR_TYPES.join(', ')}.`)
      }
      const bytes = await readLimitedBody(c.req.raw, AVATAR_MAX_BYTES)
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
      const avatar = await avatarOf(c.var.deps, params.id)
      const etag = avatar.etag
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
    responses: { 200: { description: 'Sessions, most recent first', schema: sessionListSchema } },
    handler: (c) => mySessions(c.var.deps, c.var.session!.user.id, c.var.session!.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/sessions/sign-out-others',
    summary: 'Signs the user out everywhere but here',
    tags: ['account'],
    access: 'signedIn',
    responses: { 200: { description: 'How many sessions ended', schema: otherSessionsEndedSchema } },
    handler: (c) => endMyOtherSessions(c.var.deps, c.var.session!.user.id, c.var.session!.id),
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
      await endMySession(c.var.deps, c.var.session!.user.id, params.id)
    },
  }),
]

import {
  adminSiteIdentitySchema,
  adminSiteWordsSchema,
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_TYPES,
  siteIdentitySchema,
  siteIdentityUpdateSchema,
  siteImageParamsSchema,
  siteTestEmailSchema,
  siteWordsSchema,
  siteWordsUpdateSchema,
} from '../../../shared/contract/site'
import { jsonWithEtag } from '../../lib/blobs/etag'
import { etagHeader, ifNoneMatchHeader, revalidatedJson } from '../../lib/http/documented-headers'
import { requestMediaType } from '../../lib/http/media-type'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import { readLimitedBody } from '../../lib/image-upload-body'
import { getAdminSiteIdentity, readSiteIdentity, updateSiteIdentity } from './site-identity.service'
import { readSiteImage, removeSiteImage, setSiteImage } from './site-images.service'
import { sendSiteTestEmail } from './site-test-email.service'
import { getAdminSiteWords, readSiteWords, updateSiteWords } from './site-words.service'

// The site identity: read by everyone (the web's frame), edited by admins (decision 0069).

export const siteRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/site',
    summary: 'The site identity: business name, description, address, support e-mail, accent, logo, favicon',
    tags: ['site'],
    access: 'public',
    request: { headers: ifNoneMatchHeader },
    responses: revalidatedJson('The identity', siteIdentitySchema),
    handler: async (c) => jsonWithEtag(c, await readSiteIdentity(c.var.deps.database.db, c.var.deps.env)),
  }),
  // Before /api/site/:image, which would take "words" for an image's name.
  defineRoute({
    method: 'get',
    path: '/api/site/words',
    summary: 'The owner’s words: the home page’s intro and cards, the shop’s heading and tagline',
    tags: ['site'],
    access: 'public',
    request: { headers: ifNoneMatchHeader },
    responses: revalidatedJson('The words, defaults filled in', siteWordsSchema),
    handler: async (c) => jsonWithEtag(c, await readSiteWords(c.var.deps)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/site/words',
    summary: 'The owner’s words as saved (empty for a default), with the defaults',
    tags: ['admin', 'site'],
    access: 'admin',
    responses: { 200: { description: 'The words', schema: adminSiteWordsSchema } },
    handler: (c) => getAdminSiteWords(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/site/words',
    summary: 'Saves the owner’s words on the home page and the shop (audited)',
    tags: ['admin', 'site'],
    access: 'admin',
    request: { body: siteWordsUpdateSchema },
    responses: { 200: { description: 'The words after the change', schema: adminSiteWordsSchema } },
    handler: (c, { body }) => updateSiteWords(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/site/:image',
    summary: 'The uploaded logo (WebP) or favicon (64×64 PNG)',
    tags: ['site'],
    access: 'public',
    request: { params: siteImageParamsSchema, headers: ifNoneMatchHeader },
    responses: {
      200: { description: 'The image', contentType: 'image/*', headers: etagHeader },
      304: { description: 'Unchanged since the ETag sent as If-None-Match', headers: etagHeader },
      404: { description: 'None uploaded' },
    },
    handler: async (c, { params }) => {
      const image = await readSiteImage(c.var.deps, params.image)
      const headers = {
        ETag: image.etag,
        // The URL carries a version: a new upload is a new URL, so shared caches may keep this one.
        'Cache-Control': 'public, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      }
      const tags = (c.req.header('if-none-match') ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''))
      if (tags.includes(image.etag)) return c.body(null, 304, headers)
      return c.body(new Uint8Array(image.bytes), 200, {
        ...headers,
        'Content-Type': image.contentType,
        'Content-Length': String(image.bytes.length),
        'Content-Disposition': `inline; filename="${params.image}.${image.contentType === 'image/png' ? 'png' : 'webp'}"`,
      })
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/site',
    summary: 'The site identity with whether it was saved and what needs attention',
    tags: ['admin', 'site'],
    access: 'admin',
    responses: { 200: { description: 'The identity', schema: adminSiteIdentitySchema } },
    handler: (c) => getAdminSiteIdentity(c.var.deps, c.var.caller),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/site',
    summary: 'Saves the site identity (audited)',
    tags: ['admin', 'site'],
    access: 'admin',
    request: { body: siteIdentityUpdateSchema },
    responses: { 200: { description: 'The identity after the change', schema: adminSiteIdentitySchema } },
    handler: (c, { body }) => updateSiteIdentity(c.var.deps, c.var.caller, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/site/test-email',
    summary: 'Sends the signed-in admin a sample e-mail, as customers get them',
    tags: ['admin', 'site'],
    access: 'admin',
    responses: { 202: { description: 'Queued to the admin’s own address', schema: siteTestEmailSchema } },
    handler: async (c) => c.json(await sendSiteTestEmail(c.var.deps, c.var.caller), 202),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/site/:image',
    summary: 'Uploads the logo or favicon (the image file as the body; re-encoded; audited)',
    tags: ['admin', 'site'],
    access: 'admin',
    request: { params: siteImageParamsSchema, bodyType: 'raw', maxBodyBytes: SITE_IMAGE_MAX_BYTES },
    responses: {
      200: { description: 'Stored', schema: adminSiteIdentitySchema },
      413: { description: 'Over 5 MB' },
      422: { description: 'An image that cannot be read, or too small' },
      415: { description: 'Not an image type we take' },
    },
    handler: async (c, { params }) => {
      const type = requestMediaType(c)
      if (!(SITE_IMAGE_TYPES as readonly string[]).includes(type)) {
        throw problems.unsupportedMediaType(`Send the image as one of: ${SITE_IMAGE_TYPES.join(', ')}.`)
      }
      const bytes = await readLimitedBody(c.req.raw, SITE_IMAGE_MAX_BYTES)
      const by = c.var.caller
      await setSiteImage(c.var.deps, by, params.image, bytes)
      return getAdminSiteIdentity(c.var.deps, by)
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/site/:image',
    summary: 'Removes the logo or favicon (audited)',
    tags: ['admin', 'site'],
    access: 'admin',
    request: { params: siteImageParamsSchema },
    responses: { 200: { description: 'Removed', schema: adminSiteIdentitySchema } },
    handler: async (c, { params }) => {
      const by = c.var.caller
      await removeSiteImage(c.var.deps, by, params.image)
      return getAdminSiteIdentity(c.var.deps, by)
    },
  }),
]

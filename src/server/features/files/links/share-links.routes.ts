import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { z } from 'zod'
import { idParamsSchema } from '../../../../shared/contract/files'
import {
  createdShareLinkSchema,
  createShareLinkSchema,
  droppedFileSchema,
  fileDropQuerySchema,
  SHARE_KEY_HEADER,
  senderTogether,
  sharedListingSchema,
  shareFolderQuerySchema,
  shareKeySchema,
  shareLinkIdParamsSchema,
  shareLinkInfoSchema,
  shareLinkRevokedSchema,
  shareLinksSchema,
  shareTokenFileParamsSchema,
  shareTokenParamsSchema,
  unlockShareLinkSchema,
} from '../../../../shared/contract/share-links'
import type { AppEnv } from '../../../deps'
import { sendBlob } from '../../../lib/blobs/blob-response'
import { previewAndDownloadRoutes } from '../../../lib/blobs/blob-routes'
import { zipDownloadResponse } from '../../../lib/blobs/zip-response'
import { requireSignedIn } from '../../../lib/http/caller'
import { clientAddress } from '../../../lib/http/client-address'
import {
  locationHeader,
  rangedDownloadResponses,
  rangeRequestHeaders,
} from '../../../lib/http/documented-headers'
import { defineRoute, type HeaderDef } from '../../../lib/http/route'
import { forbidden, notFound, tags } from '../access/route-helpers'
import { dropFile } from './file-drop.service'
import { shareLinkInfo, unlockShareLink } from './share-link-open.service'
import { namedDownloadAddress } from './share-link-page'
import { createShareLink, listShareLinks, revokeShareLink } from './share-links.service'
import { sharedDownload } from './shared-download.service'
import { sharedFileToSend } from './shared-file.service'
import { sharedListing, sharedZipEntries } from './shared-folder.service'

// Share links (docs/decisions/0087). The owners' routes list, make and revoke an item's links; the
// visitors' routes under /api/s/:token need no account, only the token (and, for a link with a
// password, the key POST /api/s/:token/unlock gives, sent as X-Share-Key or ?key=). The token is a
// path parameter named `token`, so the request log redacts it.

const keyHeader: Record<string, HeaderDef> = {
  [SHARE_KEY_HEADER]: { description: 'The key the unlock answered, for a link with a password' },
}
const keyQuery = z.object({ key: z.string().max(512).optional() })
const folderKeyQuery = shareFolderQuerySchema.extend(keyQuery.shape)

function keyOf(c: Context<AppEnv>, query: { key?: string } | undefined): string | undefined {
  return c.req.header(SHARE_KEY_HEADER) ?? query?.key
}

function visitorOrigin(c: Context<AppEnv>) {
  return {
    ipAddress: clientAddress(c, c.var.deps.env.trustProxy),
    userAgent: c.req.header('user-agent'),
  }
}

function requestBody(c: Context<AppEnv>): Readable | AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
}

const stopped = {
  404: { description: 'No such link (or nothing the link reaches)' },
  410: {
    description: '`link_expired`, `link_used_up` or `link_stopped` (revoked, trashed, no longer shareable)',
  },
}
const locked = { 401: { description: '`password_required`: unlock the link first' } }
/** The visitors' JSON answers are never cached: a password link's unlocked answers least of all. */
const visitorCache = 'no-store'
const NO_COOKIE =
  'Sent by scripts and pages alike without a cookie: nothing here acts with a session, the link’s ' +
  'token is the only credential, so a forged cross-site request gains nothing. Throttled per link ' +
  'and per address instead.'

const ownerRoutes = (['folder', 'file'] as const).flatMap((itemType) => {
  const base = itemType === 'folder' ? '/api/folders/:id/links' : '/api/files/:id/links'
  return [
    defineRoute({
      method: 'get',
      path: base,
      summary: `The ${itemType}’s share links, newest first (for whoever may share it)`,
      tags,
      access: 'signedIn',
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'The links, with their creators and use counts', schema: shareLinksSchema },
        ...forbidden,
        ...notFound,
      },
      handler: (c, { params }) =>
        listShareLinks(c.var.deps, requireSignedIn(c.var.caller), itemType, params.id),
    }),
    defineRoute({
      method: 'post',
      path: base,
      summary: `Makes a share link to the ${itemType}; its token is shown only in this answer`,
      tags,
      access: 'signedIn',
      request: { params: idParamsSchema, body: createShareLinkSchema },
      responses: {
        201: { description: 'The link, with its token and page path', schema: createdShareLinkSchema },
        ...forbidden,
        ...notFound,
      },
      handler: async (c, { params, body }) =>
        c.json(
          await createShareLink(c.var.deps, requireSignedIn(c.var.caller), itemType, params.id, body),
          201,
        ),
    }),
  ]
})

// Outside a browser (shared-download.service.ts): /s/{token} without text/html moves here too.
const outsideBrowserRoutes = [
  defineRoute({
    method: 'get',
    path: '/s/:token/download',
    summary: 'Downloads what a link shares, for curl and wget: moves to an address ending in its name',
    tags,
    access: 'public',
    request: { params: shareTokenParamsSchema, query: keyQuery, headers: keyHeader },
    responses: {
      302: {
        description: 'To /s/{token}/download/{name}: the file’s name, or the folder’s with .zip',
        headers: locationHeader('The named download'),
      },
      ...locked,
      403: { description: 'The link does not allow downloads' },
      ...stopped,
    },
    handler: async (c, { params, query }) =>
      c.redirect(await namedDownloadAddress(c, params.token, keyOf(c, query)), 302),
  }),
  defineRoute({
    method: 'get',
    path: '/s/:token/download/:name',
    summary:
      'The shared file (ranges, ETag; one use from its first byte) or the shared folder as a zip (one use)',
    tags,
    access: 'public',
    request: {
      params: shareTokenParamsSchema.extend({ name: z.string().max(4096) }),
      query: keyQuery,
      headers: { ...rangeRequestHeaders, ...keyHeader },
    },
    responses: {
      ...rangedDownloadResponses('A shared file, as an attachment under its name'),
      // A folder's zip is made as it streams: no ETag and no ranges.
      200: {
        description: 'The shared file as an attachment, or the shared folder as a stored zip',
        contentType: '*/*',
        headers: {
          ETag: { description: 'A file’s version (not sent with a zip)' },
          'Accept-Ranges': { description: '`bytes` for a file (not sent with a zip)' },
        },
      },
      ...locked,
      403: { description: 'The link does not allow downloads' },
      ...stopped,
    },
    handler: async (c, { params, query }) => {
      const got = await sharedDownload(c.var.deps, params.token, keyOf(c, query), c.req.header('range'))
      if (got.kind === 'file') return sendBlob(c, got.blob)
      return zipDownloadResponse(got.name, got.entries, c.req.method)
    },
  }),
]

export const shareLinksRoutes = [
  ...outsideBrowserRoutes,
  ...ownerRoutes,
  defineRoute({
    method: 'delete',
    path: '/api/share-links/:id',
    summary: 'Revokes a share link for good (its creator, or whoever may share its item)',
    tags,
    access: 'signedIn',
    request: { params: shareLinkIdParamsSchema },
    responses: {
      200: { description: 'Revoked', schema: shareLinkRevokedSchema },
      ...notFound,
    },
    handler: (c, { params }) => revokeShareLink(c.var.deps, requireSignedIn(c.var.caller), params.id),
  }),

  // ---- The visitors' side
  defineRoute({
    method: 'get',
    path: '/api/s/:token',
    summary: 'What a share link shares, and whether it needs its password',
    tags,
    access: 'public',
    cacheControl: visitorCache,
    request: { params: shareTokenParamsSchema, query: keyQuery, headers: keyHeader },
    responses: { 200: { description: 'The link', schema: shareLinkInfoSchema }, ...stopped },
    handler: (c, { params, query }) => shareLinkInfo(c.var.deps, params.token, keyOf(c, query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/s/:token/unlock',
    summary: 'Checks a share link’s password (throttled); answers the key to send with later requests',
    tags,
    access: 'public',
    cacheControl: visitorCache,
    csrfExempt: NO_COOKIE,
    request: { params: shareTokenParamsSchema, body: unlockShareLinkSchema },
    responses: {
      200: { description: 'The key, valid for 12 hours', schema: shareKeySchema },
      401: { description: '`wrong_password`' },
      ...stopped,
      429: { description: '`rate_limited`: too many wrong passwords (Retry-After)' },
    },
    handler: (c, { params, body }) => {
      const from = visitorOrigin(c)
      return unlockShareLink(c.var.deps, params.token, body.password, from, from.ipAddress)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/s/:token/listing',
    summary: 'A folder of a shared folder: its subfolders the link reaches and its files',
    tags,
    access: 'public',
    cacheControl: visitorCache,
    request: { params: shareTokenParamsSchema, query: folderKeyQuery, headers: keyHeader },
    responses: {
      200: { description: 'The listing', schema: sharedListingSchema },
      ...locked,
      403: { description: 'A file drop link lists nothing' },
      ...stopped,
    },
    handler: (c, { params, query }) => sharedListing(c.var.deps, params.token, keyOf(c, query), query.folder),
  }),
  ...previewAndDownloadRoutes({
    path: '/api/s/:token/files/:fileId',
    summaries: {
      inline: 'Shows a shared file inline when that is safe for its type',
      attachment: 'Downloads a shared file; each download from the first byte counts against the limit',
    },
    tags,
    access: 'public',
    params: shareTokenFileParamsSchema,
    query: keyQuery,
    headers: keyHeader,
    problems: {
      ...locked,
      403: { description: 'The link does not allow this (view only, or a file drop)' },
      ...stopped,
    },
    blob: (c, { params, query }, disposition) =>
      sharedFileToSend(
        c.var.deps,
        params.token,
        keyOf(c, query),
        params.fileId,
        disposition,
        c.req.header('range'),
      ),
  }),
  defineRoute({
    method: 'get',
    path: '/api/s/:token/zip',
    summary: 'A folder of a shared folder as a streamed zip of what the link reaches (one use)',
    tags,
    access: 'public',
    request: { params: shareTokenParamsSchema, query: folderKeyQuery, headers: keyHeader },
    responses: {
      200: { description: 'A stored (uncompressed) zip, zip64 when large', contentType: 'application/zip' },
      ...locked,
      403: { description: 'The link does not allow downloads' },
      ...stopped,
    },
    handler: async (c, { params, query }) => {
      const { name, entries } = await sharedZipEntries(
        c.var.deps,
        params.token,
        keyOf(c, query),
        query.folder,
      )
      return zipDownloadResponse(name, entries, c.req.method)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/s/:token/files',
    summary: 'Drops one file into a file drop link’s folder (raw bytes; the name in ?name=; throttled)',
    tags,
    access: 'public',
    cacheControl: visitorCache,
    csrfExempt: NO_COOKIE,
    request: {
      params: shareTokenParamsSchema,
      query: keyQuery.extend(fileDropQuerySchema.shape).refine(...senderTogether),
      bodyType: 'raw',
      rawContentTypes: {
        types: ['application/octet-stream', ''],
        reason: 'a file’s bytes, streamed to storage as they arrive',
      },
      headers: keyHeader,
    },
    responses: {
      201: {
        description: 'Stored (under a free name if the one given was taken)',
        schema: droppedFileSchema,
      },
      ...locked,
      403: { description: 'The link is not a file drop' },
      ...stopped,
      413: {
        description:
          '`upload_too_large`, `quota_exceeded` (the link owner’s quota) or `drop_limit_reached` (the link’s byte limit)',
      },
      422: { description: 'A name the rules refuse' },
      429: {
        description: '`rate_limited`: too many drops from this address or into this link (Retry-After)',
      },
    },
    handler: async (c, { params, query }) => {
      const declared = c.req.header('content-length')
      const result = await dropFile(
        c.var.deps,
        params.token,
        keyOf(c, query),
        {
          name: query.name,
          sender:
            query.from_name && query.from_email ? { name: query.from_name, email: query.from_email } : null,
          body: requestBody(c),
          contentLength: declared && /^\d{1,16}$/.test(declared) ? Number(declared) : undefined,
        },
        visitorOrigin(c),
      )
      return c.json(result, 201)
    },
  }),
]

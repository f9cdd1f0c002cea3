import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { z } from 'zod'
import {
  FILE_ID_HEADER,
  idParamSchema,
  TUS_VERSION,
  UPLOADS_ENDPOINT,
} from '../../../../shared/contract/files-transfer'
import type { AppEnv } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { locationHeader } from '../../../lib/http/documented-headers'
import { requestMediaType } from '../../../lib/http/media-type'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { defineRoute, type HeaderDef } from '../../../lib/http/route'
import { davLocked } from '../access/route-helpers'
import {
  assertTusVersion,
  byteCountHeader,
  httpDate,
  parseUploadMetadata,
  TUS_EXTENSIONS,
  tusCapabilities,
  tusHeaders,
} from './tus-headers'
import { appendHeld, appendUpload, cancelUpload, createUpload, uploadOffset } from './uploads.service'
import { isWholeNewUpload, landWholeUpload } from './whole-upload.service'

// The tus 1.0 endpoint (core, creation, creation-with-upload, termination, expiration; docs/decisions/
// 0028). tus requests carry no JSON: DELETE has no body, PATCH sends application/offset+octet-stream
// and POST either nothing or the first bytes. Each route names the only Content-Types it takes; the
// same-origin CSRF proof applies to all of them as to JSON. An upload is complete, and its file made,
// by whichever request brings its last byte: a PATCH, the POST that carried the data, or the POST of
// an empty file (tus clients send no PATCH for one).

const TUS_REASON = 'tus 1.0 resumable upload protocol: bodiless creation and termination requests'
const OCTETS = 'application/offset+octet-stream'
const user = (c: Context<AppEnv>) => c.var.caller as Extract<Caller, { kind: 'user' }>

/**
 * The request body as a Node stream when served by @hono/node-server: piping the raw request costs
 * nothing, while the web Request body costs ~20% (architecture.md, measured). app.request() in tests
 * has no Node request; then the web body streams instead.
 */
function requestBody(c: Context<AppEnv>): Readable | AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
}

function declaredLength(c: Context<AppEnv>): number | undefined {
  const declared = c.req.header('content-length')
  return declared && /^\d{1,16}$/.test(declared) ? Number(declared) : undefined
}

const header = (description: string, required = true): HeaderDef => ({ description, required })
const bytes = z.int().nonnegative()
/** Every answer of the endpoint, errors included, says which tus version it speaks. */
const tusResumable = { 'Tus-Resumable': header(`The tus version spoken: ${TUS_VERSION}`) }
const tusRequest = { 'Tus-Resumable': header(`${TUS_VERSION}; without it, 412`) }
const uploadExpires = { 'Upload-Expires': header('When the unfinished upload is discarded (HTTP date)') }
const fileId = { [FILE_ID_HEADER]: header('The file made or replaced, once the upload is complete', false) }
const uploadOffsetHeader = { 'Upload-Offset': { ...header('Bytes stored so far'), schema: bytes } }
const tusVersionOn412 = {
  412: {
    description: 'Tus-Resumable missing or another version',
    headers: { 'Tus-Version': header('The versions spoken') },
  },
}

/** tus discovery: anyone may ask what the endpoint speaks, before signing in. */
const capabilities = (path: string, params?: typeof idParamSchema) =>
  defineRoute({
    method: 'options',
    path,
    summary: 'What the tus endpoint supports: Tus-Version, Tus-Extension, Tus-Max-Size',
    tags: ['files'],
    access: 'public',
    request: params ? { params } : undefined,
    responseHeaders: tusResumable,
    responses: {
      204: {
        description: 'The tus capability headers',
        headers: {
          'Tus-Version': header('The versions spoken'),
          'Tus-Extension': header(`The extensions: ${TUS_EXTENSIONS.join(', ')}`),
          'Tus-Max-Size': { ...header('The largest Upload-Length taken (MAX_UPLOAD_BYTES)'), schema: bytes },
        },
      },
    },
    handler: (c) => c.body(null, 204, tusHeaders(tusCapabilities(c.var.deps.env.uploads.maxBytes))),
  })

export const uploadsRoutes = [
  capabilities(UPLOADS_ENDPOINT),
  capabilities(`${UPLOADS_ENDPOINT}/:id`, idParamSchema),
  defineRoute({
    method: 'post',
    path: UPLOADS_ENDPOINT,
    summary: 'Starts a resumable upload (tus creation): Upload-Length and Upload-Metadata headers',
    tags: ['files'],
    access: 'signedIn',
    request: {
      bodyType: 'raw',
      rawContentTypes: { types: ['', OCTETS], reason: TUS_REASON },
      headers: {
        ...tusRequest,
        'Upload-Length': { ...header('The whole upload’s size in bytes'), schema: bytes },
        'Upload-Metadata': header(
          'Comma-separated `key base64value` pairs: `filename` and `folder_id` for a new file, or ' +
            '`file_id` to replace that file’s content; `filetype` is a hint',
        ),
      },
    },
    responseHeaders: tusResumable,
    responses: {
      201: {
        description:
          'Created; Location is the upload’s URL. With a body (creation-with-upload) or Upload-Length: 0, ' +
          `Upload-Offset says what was stored, and ${FILE_ID_HEADER} names the file once complete`,
        headers: {
          ...locationHeader('The upload’s URL, for HEAD, PATCH and DELETE'),
          ...uploadExpires,
          'Upload-Offset': { ...header('Bytes stored, when the request carried data', false), schema: bytes },
          ...fileId,
        },
      },
      400: { description: 'Upload-Length or Upload-Metadata malformed, or Upload-Defer-Length sent' },
      403: { description: 'Not an editor of the target folder' },
      404: { description: 'No such folder or file (or not visible to the caller)' },
      ...tusVersionOn412,
      413: {
        description: 'Upload-Length over MAX_UPLOAD_BYTES (upload_too_large) or the quota (quota_exceeded)',
      },
      422: { description: 'Bad file name or no target' },
      ...davLocked,
    },
    handler: async (c) => {
      assertTusVersion(c)
      if (c.req.header('upload-defer-length') !== undefined) {
        throw problems.badRequest('Upload-Defer-Length is not supported: send Upload-Length.')
      }
      const length = byteCountHeader(c, 'upload-length')
      const metadata = parseUploadMetadata(c.req.header('upload-metadata'))
      const withData = requestMediaType(c) === OCTETS
      const contentLength = declaredLength(c)
      if (withData && contentLength !== undefined && contentLength > length) {
        throw new HttpProblem(413, 'upload_too_large', `The body is longer than Upload-Length (${length}).`)
      }
      if (isWholeNewUpload({ length, metadata, withData, contentLength })) {
        const landed = await landWholeUpload(c.var.deps, user(c), { length, metadata, body: requestBody(c) })
        return c.body(
          null,
          201,
          tusHeaders({
            Location: `${UPLOADS_ENDPOINT}/${landed.id}`,
            'Upload-Expires': httpDate(landed.expiresAt),
            'Upload-Offset': String(length),
            [FILE_ID_HEADER]: landed.fileId,
          }),
        )
      }
      const firstBytes = withData || length === 0
      const created = await createUpload(c.var.deps, user(c), { length, metadata, firstBytes })
      const headers: Record<string, string> = {
        Location: `${UPLOADS_ENDPOINT}/${created.id}`,
        'Upload-Expires': httpDate(created.expiresAt),
      }
      if (created.writer) {
        const body = withData ? requestBody(c) : Readable.from([])
        const result = await appendHeld(c.var.deps, user(c), created.writer, { offset: 0, body })
        headers['Upload-Offset'] = String(result.offset)
        if (result.expiresAt) headers['Upload-Expires'] = httpDate(result.expiresAt)
        if (result.fileId) headers[FILE_ID_HEADER] = result.fileId
      }
      return c.body(null, 201, tusHeaders(headers))
    },
  }),
  defineRoute({
    method: 'get',
    path: `${UPLOADS_ENDPOINT}/:id`,
    summary:
      'Where an upload stands (tus HEAD; GET answers the same headers); completes one whose bytes are all in',
    tags: ['files'],
    access: 'signedIn',
    request: {
      params: idParamSchema,
      headers: { 'Tus-Resumable': header(`${TUS_VERSION} (HEAD only)`, false) },
    },
    responseHeaders: tusResumable,
    responses: {
      200: {
        description: 'Where the upload stands, in headers',
        headers: {
          ...uploadOffsetHeader,
          'Upload-Length': { ...header('The whole upload’s size'), schema: bytes },
          ...uploadExpires,
          ...fileId,
        },
      },
      404: { description: 'Unknown or expired' },
      423: {
        description:
          'All bytes are in but the file is not made yet (another request is completing it, or completing failed): ask again (upload_completing)',
      },
      412: {
        description: 'A HEAD without Tus-Resumable, or with another version',
        headers: tusVersionOn412[412].headers,
      },
    },
    handler: async (c, { params }) => {
      if (c.req.method === 'HEAD') assertTusVersion(c)
      const state = await uploadOffset(c.var.deps, user(c), params.id)
      return c.body(
        null,
        200,
        tusHeaders({
          'Upload-Offset': String(state.offset),
          'Upload-Length': String(state.length),
          'Upload-Expires': httpDate(state.expiresAt),
          ...(state.fileId ? { [FILE_ID_HEADER]: state.fileId } : {}),
        }),
      )
    },
  }),
  defineRoute({
    method: 'patch',
    path: `${UPLOADS_ENDPOINT}/:id`,
    summary: 'Appends bytes at Upload-Offset (tus PATCH); the last one creates or replaces the file',
    tags: ['files'],
    access: 'signedIn',
    request: {
      params: idParamSchema,
      bodyType: 'raw',
      rawContentTypes: {
        types: [OCTETS],
        reason: 'tus 1.0 PATCH carries raw bytes',
      },
      headers: {
        ...tusRequest,
        'Upload-Offset': { ...header('Where these bytes start: the offset HEAD answered'), schema: bytes },
      },
    },
    responseHeaders: tusResumable,
    responses: {
      204: {
        description: `Stored; Upload-Offset is the new offset, ${FILE_ID_HEADER} the file once complete`,
        headers: {
          ...uploadOffsetHeader,
          'Upload-Expires': header('When the unfinished upload is discarded (HTTP date)', false),
          ...fileId,
        },
      },
      400: { description: 'Upload-Offset missing or malformed' },
      404: { description: 'Unknown or expired' },
      ...tusVersionOn412,
      409: {
        description: 'Upload-Offset is not where the upload stands (offset_mismatch) or another PATCH runs',
        headers: { 'Upload-Offset': { ...header('Where the upload stands', false), schema: bytes } },
      },
      413: { description: 'More bytes than Upload-Length' },
    },
    handler: async (c, { params }) => {
      assertTusVersion(c)
      const offset = byteCountHeader(c, 'upload-offset')
      const contentLength = declaredLength(c)
      const result = await appendUpload(c.var.deps, user(c), params.id, {
        offset,
        body: requestBody(c),
        contentLength,
      })
      return c.body(
        null,
        204,
        tusHeaders({
          'Upload-Offset': String(result.offset),
          ...(result.expiresAt ? { 'Upload-Expires': httpDate(result.expiresAt) } : {}),
          ...(result.fileId ? { [FILE_ID_HEADER]: result.fileId } : {}),
        }),
      )
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${UPLOADS_ENDPOINT}/:id`,
    summary: 'Cancels an upload and discards its bytes (tus termination)',
    tags: ['files'],
    access: 'signedIn',
    request: {
      params: idParamSchema,
      bodyType: 'raw',
      rawContentTypes: { types: [''], reason: TUS_REASON },
      headers: tusRequest,
    },
    responseHeaders: tusResumable,
    responses: {
      204: { description: 'Gone' },
      404: { description: 'Unknown or expired' },
      ...tusVersionOn412,
    },
    handler: async (c, { params }) => {
      assertTusVersion(c)
      await cancelUpload(c.var.deps, user(c), params.id)
      return c.body(null, 204, tusHeaders())
    },
  }),
]

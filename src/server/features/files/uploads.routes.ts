import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { FILE_ID_HEADER, idParamSchema, UPLOADS_ENDPOINT } from '../../../shared/contract/files-transfer'
import type { AppEnv } from '../../deps'
import { problems } from '../../lib/http/problem'
import { defineRoute } from '../../lib/http/route'
import type { Actor } from '../../policies/actor'
import { assertTusVersion, byteCountHeader, httpDate, parseUploadMetadata, tusHeaders } from './tus-headers'
import { appendUpload, cancelUpload, createUpload, uploadOffset } from './uploads.service'

// The tus 1.0 endpoint (core + creation + termination; docs/decisions/0028). tus requests carry no
// JSON: POST and DELETE have no body, PATCH sends application/offset+octet-stream. Each route names
// the only Content-Type it takes; the same-origin CSRF proof applies to all of them as to JSON.

const TUS_REASON = 'tus 1.0 resumable upload protocol: bodiless creation and termination requests'
const user = (c: Context<AppEnv>) => c.var.actor as Extract<Actor, { kind: 'user' }>

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

export const uploadsRoutes = [
  defineRoute({
    method: 'post',
    path: UPLOADS_ENDPOINT,
    summary: 'Starts a resumable upload (tus creation): Upload-Length and Upload-Metadata headers',
    tags: ['files'],
    access: 'signedIn',
    request: {
      bodyType: 'raw',
      rawContentTypes: { types: ['', 'application/offset+octet-stream'], reason: TUS_REASON },
    },
    responses: {
      201: { description: 'Created; Location is the upload’s URL' },
      403: { description: 'Not an editor of the target folder' },
      404: { description: 'No such folder or file (or not visible to the caller)' },
      412: { description: 'Tus-Resumable missing or another version' },
      413: {
        description: 'Upload-Length over MAX_UPLOAD_BYTES (upload_too_large) or the quota (quota_exceeded)',
      },
      422: { description: 'Bad file name or no target' },
    },
    handler: async (c) => {
      assertTusVersion(c)
      if (c.req.header('upload-defer-length') !== undefined) {
        throw problems.badRequest('Upload-Defer-Length is not supported: send Upload-Length.')
      }
      const length = byteCountHeader(c, 'upload-length')
      const metadata = parseUploadMetadata(c.req.header('upload-metadata'))
      const created = await createUpload(c.var.deps, user(c), { length, metadata })
      return c.body(
        null,
        201,
        tusHeaders({
          Location: `${UPLOADS_ENDPOINT}/${created.id}`,
          'Upload-Expires': httpDate(created.expiresAt),
        }),
      )
    },
  }),
  defineRoute({
    method: 'get',
    path: `${UPLOADS_ENDPOINT}/:id`,
    summary: 'Where an upload stands (tus HEAD; GET answers the same headers)',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: {
      200: { description: 'Upload-Offset and Upload-Length headers' },
      404: { description: 'Unknown or expired' },
    },
    handler: async (c, { params }) => {
      const state = await uploadOffset(c.var.deps, user(c), params.id)
      return c.body(
        null,
        200,
        tusHeaders({
          'Upload-Offset': String(state.offset),
          'Upload-Length': String(state.length),
          'Upload-Expires': httpDate(state.expiresAt),
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
        types: ['application/offset+octet-stream'],
        reason: 'tus 1.0 PATCH carries raw bytes',
      },
    },
    responses: {
      204: {
        description: `Stored; Upload-Offset is the new offset, ${FILE_ID_HEADER} the file once complete`,
      },
      409: {
        description: 'Upload-Offset is not where the upload stands (offset_mismatch) or another PATCH runs',
      },
      413: { description: 'More bytes than Upload-Length' },
    },
    handler: async (c, { params }) => {
      assertTusVersion(c)
      const offset = byteCountHeader(c, 'upload-offset')
      const declared = c.req.header('content-length')
      const contentLength = declared && /^\d{1,16}$/.test(declared) ? Number(declared) : undefined
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
    request: { params: idParamSchema, bodyType: 'raw', rawContentTypes: { types: [''], reason: TUS_REASON } },
    responses: { 204: { description: 'Gone' }, 404: { description: 'Unknown or expired' } },
    handler: async (c, { params }) => {
      assertTusVersion(c)
      await cancelUpload(c.var.deps, user(c), params.id)
      return c.body(null, 204, tusHeaders())
    },
  }),
]

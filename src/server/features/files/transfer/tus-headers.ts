import type { Context, MiddlewareHandler } from 'hono'
import { TUS_VERSION } from '../../../../shared/contract/files-transfer'
import { HttpProblem, problems } from '../../../lib/http/problem'
import type { UploadMetadata } from './uploads.service'

// Reading and writing the tus 1.0 headers. Pure HTTP: no decisions beyond the protocol's own.

export function assertTusVersion(c: Context): void {
  if (c.req.header('tus-resumable') !== TUS_VERSION) {
    throw new HttpProblem(412, 'tus_version', `Send Tus-Resumable: ${TUS_VERSION}.`, undefined, {
      'Tus-Version': TUS_VERSION,
    })
  }
}

/** A non-negative whole number header, or a 400 naming it. */
export function byteCountHeader(c: Context, name: string): number {
  const raw = c.req.header(name)
  if (raw === undefined || !/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw problems.badRequest(`Send ${name} as a whole number of bytes.`)
  }
  return Number(raw)
}

/** `Upload-Metadata: key base64,key base64`; unknown keys are ignored, bad base64 is a 400. */
export function parseUploadMetadata(raw: string | undefined): UploadMetadata {
  const out: Record<string, string> = {}
  if (!raw) return out
  for (const pair of raw.split(',')) {
    const [key, value, extra] = pair.trim().split(' ')
    if (!key || extra !== undefined) throw problems.badRequest('Upload-Metadata is malformed.')
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
      throw problems.badRequest(`Upload-Metadata: ${key} is not base64.`)
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8')
  }
  return {
    filename: out.filename ?? out.name,
    folder_id: out.folder_id?.toLowerCase(),
    file_id: out.file_id?.toLowerCase(),
    filetype: out.filetype ?? out.type,
  }
}

/** The tus extensions this server implements (advertised by OPTIONS). */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const

/** What OPTIONS answers: the protocol version, the extensions and the largest upload taken. */
export function tusCapabilities(maxBytes: number): Record<string, string> {
  return {
    'Tus-Version': TUS_VERSION,
    'Tus-Extension': TUS_EXTENSIONS.join(','),
    'Tus-Max-Size': String(maxBytes),
  }
}

/**
 * tus 1.0 wants Tus-Resumable on the endpoint's responses, errors included: the 401 of the session
 * layer, a 404 and a problem thrown by a handler carry it too (OPTIONS as well, which is harmless).
 */
export function tusResumableOnEveryAnswer(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!c.res.headers.has('tus-resumable')) {
      c.res.headers.set('Tus-Resumable', TUS_VERSION)
    }
  }
}

export function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store', ...extra }
}

export const httpDate = (iso: string) => new Date(iso).toUTCString()

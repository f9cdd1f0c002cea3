import type { IncomingMessage } from 'node:http'
import { PassThrough, Readable, Transform } from 'node:stream'
import { Busboy } from '@fastify/busboy'
import type { Context } from 'hono'
import { problems } from './problem'

// A multipart/form-data body read as it streams (a form with files): the text fields are collected,
// each file is handed to the caller as a stream while the body is still arriving, so memory does not
// grow with the files. The whole body is capped: past `maxBodyBytes` (by Content-Length before
// reading, or counted while reading) the answer is 413.

export interface MultipartFile {
  field: string
  /** As the client named it (may be empty: a file input left empty sends an empty part). */
  filename: string
  /** As the client typed it, lower-cased. */
  mimetype: string
  stream: Readable
}

export interface MultipartLimits {
  maxBodyBytes: number
  /** Text fields: how many, and how long each may be. */
  maxFields: number
  maxFieldBytes: number
}

/**
 * Reads the body: resolves with its text fields once it has ended and every `onFile` has settled.
 * `onFile` must read its stream to the end or give up on it; a stream it leaves is drained here. The
 * first `onFile` failure is thrown once the body has been read (the caller undoes what it stored).
 */
export async function readMultipart(
  c: Context,
  limits: MultipartLimits,
  onFile: (file: MultipartFile) => Promise<void>,
): Promise<Record<string, string>> {
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) throw tooLarge(limits)
  const fields: Record<string, string> = {}
  // One file at a time, in the body's order, so each sees what the ones before it stored.
  let chain = Promise.resolve()
  const open = new Set<Readable>()
  let failure: unknown
  let parser: ReturnType<typeof Busboy>
  try {
    parser = Busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      limits: { fields: limits.maxFields, fieldSize: limits.maxFieldBytes, parts: limits.maxFields + 50 },
    })
  } catch {
    throw problems.badRequest('The body is not multipart/form-data with a boundary.')
  }
  parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) failure ??= problems.tooLarge(`The field ${name} is too long.`)
    else fields[name] = value
  })
  parser.on('file', (field, stream, filename, _encoding, mimetype) => {
    // The caller reads a relay: if it gives up (destroys it), the parser's own stream is drained
    // rather than left stalled, and the rest of the body is still read.
    const relay = new PassThrough()
    stream.pipe(relay)
    open.add(relay)
    stream.once('end', () => open.delete(relay))
    const file = { field, filename: filename ?? '', mimetype: (mimetype ?? '').toLowerCase(), stream: relay }
    chain = chain
      .then(() => (failure ? undefined : onFile(file)))
      .catch((error: unknown) => {
        failure ??= error
      })
      .finally(() => {
        stream.unpipe(relay)
        relay.destroy()
        stream.resume()
      })
  })
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('finish', resolve)
      parser.on('error', (error) => reject(problems.badRequest(`The multipart body is malformed: ${error}`)))
      const source = counted(bodyOf(c), limits)
      source.on('error', reject)
      source.pipe(parser)
    })
  } catch (error) {
    // A file being read when the body broke off ends with it, so its write fails and is removed.
    for (const stream of open) stream.destroy()
    await chain
    throw error
  }
  await chain
  if (failure) throw failure
  return fields
}

const tooLarge = (limits: MultipartLimits) =>
  problems.tooLarge(`The request body is larger than ${limits.maxBodyBytes} bytes.`)

function bodyOf(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([])
}

/** The body, failing with 413 once more than the cap has arrived (a body sent without a length). */
function counted(source: Readable, limits: MultipartLimits): Readable {
  let seen = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > limits.maxBodyBytes) done(tooLarge(limits))
      else done(null, chunk)
    },
  })
  source.on('error', (error) => meter.destroy(error))
  return source.pipe(meter)
}

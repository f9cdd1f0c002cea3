import { problems } from './http/problem'

// The body of a picture upload (an avatar, the site's logo and favicon, a product cover), read whole.

/** Reads an uploaded picture's request body up to `max` bytes; 413 as soon as it is exceeded (before reading the rest). */
export async function readLimitedBody(request: Request, max: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > max) throw problems.tooLarge(`Use a picture under ${Math.round(max / 1024 / 1024)} MB.`)
  if (!request.body) throw problems.validation({ image: ['Choose a picture to upload.'] })
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > max) throw problems.tooLarge(`Use a picture under ${Math.round(max / 1024 / 1024)} MB.`)
    chunks.push(Buffer.from(chunk))
  }
  if (size === 0) throw problems.validation({ image: ['Choose a picture to upload.'] })
  return Buffer.concat(chunks)
}

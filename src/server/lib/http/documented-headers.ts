import type { z } from 'zod'
import type { HeaderDef } from './route'

// The HTTP headers several routes read or send, declared once for their route definitions (and so
// for the OpenAPI document). A route's own headers are declared beside it.

export const etagHeader: Record<string, HeaderDef> = {
  ETag: { description: 'The version of what was answered; send it back as If-None-Match', required: true },
}

export const ifNoneMatchHeader: Record<string, HeaderDef> = {
  'If-None-Match': { description: 'An ETag the client holds: 304 with no body while it is current' },
}

export const locationHeader = (description: string): Record<string, HeaderDef> => ({
  Location: { description, required: true },
})

/** The request headers of a ranged download. */
export const rangeRequestHeaders: Record<string, HeaderDef> = {
  Range: { description: 'One byte range, `bytes=first-last`, `bytes=first-` or `bytes=-suffix` (206)' },
  'If-Range': { description: 'Serve the Range only while this ETag is current, else the whole file' },
  ...ifNoneMatchHeader,
}

export const acceptRangesHeader: Record<string, HeaderDef> = {
  'Accept-Ranges': { description: '`bytes`: ranges are served', required: true },
}

export const contentRangeHeader = (description: string): Record<string, HeaderDef> => ({
  'Content-Range': { description, required: true },
})

/**
 * A JSON answer revalidated by ETag (lib/blobs/etag.ts): the 200 with its ETag and the bodiless 304. The
 * schema keeps its type, so the route's handler is checked against it and the typed client parses by it.
 */
export function revalidatedJson<S extends z.ZodType>(description: string, schema: S) {
  return {
    200: { description, schema, headers: etagHeader },
    304: { description: 'Unchanged since the ETag sent as If-None-Match', headers: etagHeader },
  }
}

/** A stored file sent whole or by one byte range, revalidated by ETag (files/blob-response.ts). */
export function rangedDownloadResponses(description: string) {
  const always = { ...etagHeader, ...acceptRangesHeader }
  return {
    200: { description, contentType: '*/*', headers: always },
    206: {
      description: 'One byte range',
      contentType: '*/*',
      headers: { ...always, ...contentRangeHeader('`bytes first-last/size`') },
    },
    304: { description: 'Not modified (If-None-Match)', headers: always },
    416: { description: 'Range outside the file', headers: contentRangeHeader('`bytes */size`') },
  }
}

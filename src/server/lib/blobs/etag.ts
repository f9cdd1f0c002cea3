import { createHash } from 'node:crypto'
import type { Context } from 'hono'

/**
 * A JSON answer that a poller can revalidate: a weak ETag over the body, and 304 with no body when
 * the client's If-None-Match already names it. The body is still computed (it is what the tag is
 * of); what a poll saves is the transfer and the client's re-render. `private, no-cache`: the
 * browser keeps it but asks every time, and it is per user (Vary: Cookie), never for shared caches.
 */
export function jsonWithEtag<T>(c: Context, body: T): JsonResponse<T> {
  const text = JSON.stringify(body)
  const etag = `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Cookie' }
  if (matches(c.req.header('if-none-match'), etag))
    return new Response(null, { status: 304, headers }) as JsonResponse<T>
  return new Response(text, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json' },
  }) as JsonResponse<T>
}

/**
 * A Response carrying its JSON body's type, as Hono's c.json() gives one (the fields are types only), so
 * a route's handler that answers with it is checked against the route's 2xx schema (lib/http/route.ts).
 */
export type JsonResponse<T> = Response & { _format: 'json'; _data: T }

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter.
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

/**
 * The strong ETag of stored content: its SHA-256 in base64url (45 characters with the quotes, where
 * hex takes 66, so a WebDAV If header holding a lock token and two ETags fits the 200 bytes clients
 * such as litmus allow), or the blob's key when the hash is not known (blobs are immutable under it).
 */
export function contentEtag(sha256: string | null | undefined, key: string): string {
  if (sha256 && /^[0-9a-f]{64}$/.test(sha256)) return `"${Buffer.from(sha256, 'hex').toString('base64url')}"`
  return `"${sha256 ?? key}"`
}

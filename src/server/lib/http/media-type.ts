import type { Context } from 'hono'

/**
 * The request body's media type without its parameters, lower-cased, since media types are
 * case-insensitive (RFC 9110 §8.3.1): `Image/PNG; q=1` is `image/png`. Empty when there is none.
 */
export function requestMediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

import type { Context } from 'hono'
import { requestMediaType } from './media-type'
import { problems } from './problem'
import { type AnyRoute, UNSAFE_METHODS } from './route'

/**
 * Our JSON API's CSRF defence (docs/decisions/0011, 0056). A cross-site page can make a browser send
 * a form or a "simple" request, but it cannot forge Origin or Sec-Fetch-Site, and it cannot send
 * DELETE, PATCH, PUT or application/json without a CORS preflight we never grant. Routes that cannot
 * carry this proof declare csrfExempt; a request with a valid access token (`bearer`) needs none, as no
 * browser attaches one by itself.
 */
export function assertSameOrigin(c: Context, route: AnyRoute, allowedOrigin: string, bearer: boolean): void {
  if (!UNSAFE_METHODS.has(c.req.method) || route.csrfExempt || bearer) return

  const fetchSite = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin') throw problems.csrf('Cross-site requests are not accepted.')
  } else if (origin !== undefined) {
    if (origin !== allowedOrigin) throw problems.csrf('Requests from another origin are not accepted.')
  } else {
    throw problems.csrf('State-changing requests must say where they come from (Origin or Sec-Fetch-Site).')
  }
}

/**
 * The request body's media type, checked after the access decision so an anonymous caller learns
 * "sign in" first. A JSON route takes its body only as application/json; a request that carries no
 * body (no Content-Type, no Content-Length above zero, no Transfer-Encoding) needs no type at all, so
 * a bodiless DELETE or POST is sent as plainly as curl -X DELETE sends it. Multipart routes always
 * take multipart/form-data; raw-body routes take only the types they declare.
 */
export function assertMediaType(c: Context, route: AnyRoute): void {
  if (!UNSAFE_METHODS.has(c.req.method)) return
  const type = requestMediaType(c)
  const bodyType = route.request?.bodyType ?? 'json'
  if (bodyType === 'json') {
    if (carriesBody(c, type) && type !== 'application/json') {
      throw problems.unsupportedMediaType('Send the request body as application/json.')
    }
  } else if (bodyType === 'multipart') {
    if (type !== 'multipart/form-data')
      throw problems.unsupportedMediaType('Send the request body as multipart/form-data.')
  } else if (bodyType === 'raw') {
    const raw = route.request?.rawContentTypes
    if (raw && !raw.types.includes(type)) {
      throw problems.unsupportedMediaType(`Send ${raw.types.map((t) => t || 'no body').join(' or ')}.`)
    }
  }
}

function carriesBody(c: Context, type: string): boolean {
  if (type !== '' || c.req.header('transfer-encoding') !== undefined) return true
  const length = c.req.header('content-length')
  return length !== undefined && length.trim() !== '0'
}

import type { Context } from 'hono'
import { problems } from './problem'
import { type AnyRoute, UNSAFE_METHODS } from './route'

/**
 * Our JSON API's CSRF defence (docs/decisions/0011). A cross-site page can make a browser send a form
 * or a "simple" request, but it cannot send application/json without a CORS preflight we never grant,
 * and it cannot forge Origin or Sec-Fetch-Site. Routes that cannot carry this proof declare csrfExempt.
 */
export function assertSameOriginJson(c: Context, route: AnyRoute, allowedOrigin: string): void {
  if (!UNSAFE_METHODS.has(c.req.method) || route.csrfExempt) return

  const fetchSite = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin') throw problems.csrf('Cross-site requests are not accepted.')
  } else if (origin !== undefined) {
    if (origin !== allowedOrigin) throw problems.csrf('Requests from another origin are not accepted.')
  } else {
    throw problems.csrf('State-changing requests must say where they come from (Origin or Sec-Fetch-Site).')
  }

  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const bodyType = route.request?.bodyType ?? 'json'
  const expected = bodyType === 'multipart' ? 'multipart/form-data' : 'application/json'
  if ((bodyType === 'json' || bodyType === 'multipart') && type !== expected) {
    throw problems.unsupportedMediaType(`Send the request body as ${expected}.`)
  }
}

/**
 * A raw-body route (an upload protocol) takes only the Content-Types it declares. Checked after the
 * access decision, so an anonymous caller learns "sign in" first, as on every route.
 */
export function assertDeclaredRawType(c: Context, route: AnyRoute): void {
  const raw = route.request?.rawContentTypes
  if (!UNSAFE_METHODS.has(c.req.method) || route.request?.bodyType !== 'raw' || !raw) return
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!raw.types.includes(type)) {
    throw problems.unsupportedMediaType(`Send ${raw.types.map((t) => t || 'no body').join(' or ')}.`)
  }
}

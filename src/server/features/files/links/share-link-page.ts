import type { Context, MiddlewareHandler } from 'hono'
import { SHARE_KEY_HEADER } from '../../../../shared/contract/share-links'
import type { AppEnv } from '../../../deps'
import { sharedDownloadName, sharedPageStatus } from './shared-download.service'

// A share link's own address, /s/{token}, in front of the web app that renders its page. A client
// that does not ask for HTML (curl, wget, a script) is moved to the link's download, as
// /s/{token}/download does. A browser gets the page, answered 404 for a token no link has and 410
// for a link that stopped (the page says which), so a crawler or a script reading the status is not
// told the link works.

const KEY_MAX = 512

/** Where a link's download lives under its file's (or folder's zip's) name, the key kept. */
export async function namedDownloadAddress(c: Context<AppEnv>, token: string, key: string | undefined) {
  const name = await sharedDownloadName(c.var.deps, token, key)
  const search = new URL(c.req.url).search
  return `/s/${token}/download/${encodeURIComponent(name)}${search}`
}

/** Does the Accept header ask for an HTML page? Browsers' navigations always do. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|[\s,])text\/html([\s;,]|$)/i.test(accept)
}

export function shareLinkPage(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const token = c.req.param('token') ?? ''
    if (!wantsHtml(c.req.header('accept'))) {
      const key = c.req.header(SHARE_KEY_HEADER) ?? c.req.query('key')
      const address = await namedDownloadAddress(c, token, key && key.length <= KEY_MAX ? key : undefined)
      return c.redirect(address, 302)
    }
    const status = await sharedPageStatus(c.var.deps, token)
    await next()
    if (status !== 200 && c.res.status === 200)
      c.res = new Response(c.res.body, { status, headers: c.res.headers })
  }
}

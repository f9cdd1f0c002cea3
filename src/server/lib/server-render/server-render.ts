import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import type { Context } from 'hono'
import type { PageFetch, RenderedPage, RenderPage } from '../../../shared/rendered-page'
import type { Encoding } from '../http/static-web'
import { keepingACopy, RenderCache } from './render-cache'

// The web app's public pages rendered here (decision 0110). The web's server build
// (dist/web-server/entry-server.js, from src/web/entry-server.tsx) renders a page with the route table
// the browser uses, its data asked of this app in-process; this module wraps it in the shell (the head
// the server filled in) and answers: streamed, compressed as it goes, with an ETag from the page's data
// for a visitor (a repeat visit with unchanged data is a 304 that renders nothing, and another
// visitor's request for the same data gets the HTML drawn before: render-cache.ts), never stored for
// someone signed in.

/** The web's server build beside the built web app (dist/web-server next to dist/web), if built. */
export async function loadPageRenderer(webRoot: string): Promise<RenderPage | undefined> {
  const file = path.join(path.resolve(webRoot), '..', 'web-server', 'entry-server.js')
  if (!fs.existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage }
  return module.renderPage
}

const ROOT = '<div id="root"></div>'
/** How much rendered HTML a server keeps for visitors (about 45 KB a catalogue page). */
const RENDER_CACHE_BYTES = 16 * 1024 * 1024
/** The shell's notice that the app needs JavaScript: a rendered page does not. */
const NEEDS_SCRIPT = /<noscript id="needs-javascript">[\s\S]*?<\/noscript>\s*/

export interface ServerRenderOptions {
  /** The page's address (path and query): with the ETag, the render cache's key. */
  url: string
  /** Visitors' rendered pages, by address and data (render-cache.ts); none: every page is rendered. */
  cache?: RenderCache
  /** The shell as the server filled it in (identity, a product's meta, preloads). */
  shell: string
  page: RenderedPage
  method: string
  ifNoneMatch: string | undefined
  encoding: Encoding | undefined
  onError: (error: unknown) => void
}

type AppFetch = (request: Request, env?: unknown) => Response | Promise<Response>

/**
 * staticWeb's `page`: renders the public page at the request's address, asking `appFetch` (this app,
 * in-process) for its data with the visitor's cookie, so the page is what they would see. A page that
 * fails to render falls back to the shell, which the browser renders alone.
 */
export function serverRenderedPages(origin: string, renderPage: RenderPage, appFetch: AppFetch) {
  const cache = new RenderCache(RENDER_CACHE_BYTES)
  return async (shell: string, c: Context, encoding: Encoding | undefined): Promise<Response | undefined> => {
    const url = new URL(c.req.url)
    const cookie = c.req.header('cookie')
    // The peer's address for rate limits and logs; never the Node response (the page's own).
    const env = { incoming: (c.env as { incoming?: unknown } | undefined)?.incoming }
    const fetch: PageFetch = (target, init) => {
      const headers = new Headers(init.headers)
      if (cookie) headers.set('cookie', cookie)
      return Promise.resolve(appFetch(new Request(new URL(target, origin), { ...init, headers }), env))
    }
    const logger = c.var.logger as { error(details: object, message: string): void }
    try {
      const page = await renderPage(new Request(new URL(url.pathname + url.search, origin)), fetch)
      if (!page) return undefined
      return await serverRenderedResponse({
        url: url.pathname + url.search,
        cache,
        shell,
        page,
        method: c.req.method,
        ifNoneMatch: c.req.header('if-none-match'),
        encoding,
        onError: (error) => logger.error({ err: error }, 'a server-rendered page failed while streaming'),
      })
    } catch (error) {
      logger.error({ err: error }, 'server rendering failed: the shell was sent instead')
      return undefined
    }
  }
}

/** The answer for a rendered page: the shell around the page's HTML and state. */
export async function serverRenderedResponse(options: ServerRenderOptions): Promise<Response> {
  const { shell, page } = options
  const at = shell.indexOf(ROOT)
  if (at < 0) throw new Error(`the web app's index.html has no ${ROOT}`)
  const before = shell.slice(0, at + ROOT.length - '</div>'.length)
  const stateScript = `<script type="application/json" id="${page.stateId}">${page.state}</script>`
  const after = `</div>${stateScript}${shell.slice(at + ROOT.length).replace(NEEDS_SCRIPT, '')}`

  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' }
  let cacheKey: string | undefined
  if (page.personal) {
    headers['Cache-Control'] = 'private, no-store'
  } else {
    // The same shell, status and data draw the same page: their digest names this HTML.
    const digest = createHash('sha256').update(`${page.status}\n${shell}\n${page.content}`)
    const etag = `"${digest.digest('base64url').slice(0, 27)}"`
    Object.assign(headers, { 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding, Cookie' })
    if (options.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, {
        status: 304,
        headers: { ETag: etag, 'Cache-Control': 'no-cache', Vary: headers.Vary! },
      })
    }
    cacheKey = `${options.url}\n${etag}`
  }
  if (options.method === 'HEAD') return new Response(null, { status: page.status, headers })

  let body = withShell(before, await renderedHtml(options, cacheKey), after)
  if (options.encoding) {
    headers['Content-Encoding'] = options.encoding
    body = compressedAsItGoes(body, options.encoding)
  }
  return new Response(body, { status: page.status, headers })
}

/**
 * The page's own HTML (what goes in #root): kept from an earlier visitor with the same data, or drawn
 * now and kept once it is drawn whole without an error. The shell and the query cache around it are
 * the request's own (the cache's timestamps are this request's, so the browser does not ask again).
 */
async function renderedHtml(
  options: ServerRenderOptions,
  cacheKey: string | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const { cache } = options
  const kept = cache && cacheKey ? cache.get(cacheKey) : undefined
  if (kept)
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(kept)
        controller.close()
      },
    })
  let failed = false
  const rendered = await options.page.render({
    onError: (error) => {
      failed = true
      options.onError(error)
    },
  })
  if (!cache || !cacheKey) return rendered
  return keepingACopy(rendered, (html) => {
    if (!failed) cache.set(cacheKey, html)
  })
}

function withShell(
  before: string,
  page: ReadableStream<Uint8Array>,
  after: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const reader = page.getReader()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(before))
        return
      }
      const { done, value } = await reader.read()
      if (!done) {
        controller.enqueue(value)
        return
      }
      controller.enqueue(encoder.encode(after))
      controller.close()
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

/** Compresses a stream, flushing after each piece so what is rendered reaches the browser at once. */
function compressedAsItGoes(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip()
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)))
      compressor.on('end', () => controller.close())
      compressor.on('error', (error) => controller.error(error))
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            compressor.write(value)
            await new Promise<void>((resolve) => compressor.flush(() => resolve()))
          }
          compressor.end()
        } catch (error) {
          compressor.destroy(error as Error)
        }
      })()
    },
    cancel: (reason) => {
      compressor.destroy()
      return reader.cancel(reason)
    },
  })
}

import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import type { Context } from 'hono'
import type { PageFetch, RenderedPage, RenderPage } from '../../../shared/rendered-page'
import type { Encoding } from '../http/static-web'
import { type KeptPage, keepingACopy, RenderCache } from './render-cache'

// The web app's public pages rendered here (decision 0110). The web's server build
// (dist/web-server/entry-server.js, from src/web/entry-server.tsx) renders a page with the route table
// the browser uses, its data asked of this app in-process; this module wraps it in the shell (the head
// the server filled in) and answers: streamed, compressed as it goes, with an ETag from the page's data
// for a visitor (a repeat visit with unchanged data is a 304 that renders nothing), never stored for
// someone signed in. A visitor's page is kept whole under its address and the stamp of the data public
// pages are drawn from (render-cache.ts, decision 0149): the next visitor gets it without its data
// being loaded or drawn again, until that data changes.

/** The web's server build beside the built web app (dist/web-server next to dist/web), if built. */
export async function loadPageRenderer(webRoot: string): Promise<RenderPage | undefined> {
  const file = path.join(path.resolve(webRoot), '..', 'web-server', 'entry-server.js')
  if (!fs.existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage }
  return module.renderPage
}

const ROOT = '<div id="root"></div>'
/** How many rendered pages a server keeps for visitors (about 60 KB a catalogue page, its copies included). */
const RENDER_CACHE_BYTES = 16 * 1024 * 1024
/** The shell's notice that the app needs JavaScript: a rendered page does not. */
const NEEDS_SCRIPT = /<noscript id="needs-javascript">[\s\S]*?<\/noscript>\s*/

export interface ServerRenderOptions {
  /** The shell as the server filled it in (identity, a product's meta, preloads). */
  shell: string
  page: RenderedPage
  method: string
  ifNoneMatch: string | undefined
  encoding: Encoding | undefined
  onError: (error: unknown) => void
  /** Takes a visitor's page once it was sent whole without an error (not called for a personal page). */
  keep?: (page: KeptPage) => void
}

type AppFetch = (request: Request, env?: unknown) => Response | Promise<Response>

/** staticWeb's `page`: a visitor's page kept from before, else the page rendered now. */
export interface PageRenderer {
  /** A visitor's page answered before from data that has not changed since, or undefined. */
  kept(c: Context, encoding: Encoding | undefined): Promise<Response | undefined>
  /** The page rendered into the filled-in shell, or undefined for a page the browser renders alone. */
  render(shell: string, c: Context, encoding: Encoding | undefined): Promise<Response | undefined>
}

export interface PageRendererOptions {
  /** The app's own origin, for the in-process requests of a page's data. */
  origin: string
  renderPage: RenderPage
  /** This app, answering in-process. */
  appFetch: AppFetch
  /** The stamp of what public pages are drawn from (features/site/page-data-version.repository.ts). */
  dataVersion: () => Promise<string>
  /** The request carries no session and no credentials: its page may be kept and shared. */
  isVisitor: (c: Context) => boolean
  /**
   * How long the server waits for a page's data before it sends the shell instead, which the browser
   * renders, asking the API itself: a slow data source delays a page by this much, never holds it
   * (PAGE_DATA_BUDGET_MS).
   */
  dataBudgetMs: number
}

const TOO_SLOW = Symbol('too slow')

/** `work`'s result, or TOO_SLOW once `ms` have passed first. */
async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | typeof TOO_SLOW> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(() => resolve(TOO_SLOW), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Renders the public page at the request's address, asking `appFetch` (this app, in-process) for its
 * data with the visitor's cookie, so the page is what they would see. A page that fails to render
 * falls back to the shell, which the browser renders alone.
 */
export function serverRenderedPages(options: PageRendererOptions): PageRenderer {
  const { origin, renderPage, appFetch } = options
  const cache = new RenderCache(RENDER_CACHE_BYTES)
  // The key `kept` looked up for a request, read before its data: where `render` keeps its page.
  const keys = new WeakMap<Request, string>()
  return {
    async kept(c, encoding) {
      if (!options.isVisitor(c)) return undefined
      const url = new URL(c.req.url)
      const key = `${await options.dataVersion()}\n${url.pathname}${url.search}`
      keys.set(c.req.raw, key)
      const page = cache.get(key)
      if (!page) return undefined
      if (matches(c.req.header('if-none-match'), page.etag)) return notModified(page.etag)
      const headers = { ...page.headers, ...(encoding ? { 'Content-Encoding': encoding } : {}) }
      if (c.req.method === 'HEAD') return new Response(null, { status: page.status, headers })
      return new Response(cache.body(key, page, encoding), { status: page.status, headers })
    },
    async render(shell, c, encoding) {
      const url = new URL(c.req.url)
      const cookie = c.req.header('cookie')
      // The peer's address for rate limits and logs; never the Node response (the page's own).
      const env = { incoming: (c.env as { incoming?: unknown } | undefined)?.incoming }
      const fetch: PageFetch = (target, init) => {
        const headers = new Headers(init.headers)
        if (cookie) headers.set('cookie', cookie)
        return Promise.resolve(appFetch(new Request(new URL(target, origin), { ...init, headers }), env))
      }
      const logger = c.var.logger as {
        error(details: object, message: string): void
        warn(details: object, message: string): void
      }
      const key = keys.get(c.req.raw)
      try {
        const loading = renderPage(new Request(new URL(url.pathname + url.search, origin)), fetch)
        const page = await withinBudget(loading, options.dataBudgetMs)
        if (page === TOO_SLOW) {
          logger.warn({ budgetMs: options.dataBudgetMs }, 'a page’s data was slow: the shell was sent')
          loading.catch(() => {})
          return undefined
        }
        if (!page) return undefined
        return await serverRenderedResponse({
          shell,
          page,
          method: c.req.method,
          ifNoneMatch: c.req.header('if-none-match'),
          encoding,
          onError: (error) => logger.error({ err: error }, 'a server-rendered page failed while streaming'),
          keep: key ? (kept) => cache.set(key, kept) : undefined,
        })
      } catch (error) {
        logger.error({ err: error }, 'server rendering failed: the shell was sent instead')
        return undefined
      }
    },
  }
}

/** Does an If-None-Match header name `etag` (weak or strong)? */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false
}

function notModified(etag: string): Response {
  return new Response(null, {
    status: 304,
    headers: { ETag: etag, 'Cache-Control': 'no-cache', Vary: VISITOR_VARY },
  })
}

const VISITOR_VARY = 'Accept-Encoding, Cookie'

/** The answer for a rendered page: the shell around the page's HTML and state. */
export async function serverRenderedResponse(options: ServerRenderOptions): Promise<Response> {
  const { shell, page } = options
  const at = shell.indexOf(ROOT)
  if (at < 0) throw new Error(`the web app's index.html has no ${ROOT}`)
  const before = shell.slice(0, at + ROOT.length - '</div>'.length)

  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' }
  let etag: string | undefined
  if (page.personal) {
    headers['Cache-Control'] = 'private, no-store'
  } else {
    // The same shell, status and data draw the same page: their digest names this HTML.
    const digest = createHash('sha256').update(`${page.status}\n${shell}\n${page.content}`)
    etag = `"${digest.digest('base64url').slice(0, 27)}"`
    Object.assign(headers, { 'Cache-Control': 'no-cache', ETag: etag, Vary: VISITOR_VARY })
    if (matches(options.ifNoneMatch, etag)) return notModified(etag)
  }
  if (options.method === 'HEAD') return new Response(null, { status: page.status, headers })

  let failed = false
  const html = await page.render({
    onError: (error) => {
      failed = true
      options.onError(error)
    },
  })
  // After the drawing: what the page hands over includes what it noted while drawn.
  const stateScript = `<script type="application/json" id="${page.stateId}">${page.state()}</script>`
  const after = `</div>${stateScript}${shell.slice(at + ROOT.length).replace(NEEDS_SCRIPT, '')}`
  let body = withShell(before, html, after)
  const { keep } = options
  if (keep && etag) {
    const kept = { status: page.status, headers: { ...headers }, etag }
    body = keepingACopy(body, (html) => {
      if (!failed) keep({ ...kept, html, encoded: new Map() })
    })
  }
  if (options.encoding) {
    headers['Content-Encoding'] = options.encoding
    body = compressedAsItGoes(body, options.encoding)
  }
  return new Response(body, { status: page.status, headers })
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

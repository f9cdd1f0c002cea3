import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** Paths the SPA never owns: they are answered by the API, health checks or Auth.js. */
export function isServerPath(pathname: string): boolean {
  return (
    pathname === '/api' || pathname.startsWith('/api/') || pathname === '/healthz' || pathname === '/readyz'
  )
}

/**
 * Serves the built web app (dist/web). Vite's hashed assets (/assets/*) are cached for a year as
 * immutable; index.html is never cached so a deploy is picked up at once. Any other GET for a page
 * path falls back to index.html, where the client router takes over (its 404 page included).
 * Text files are sent as the brotli or gzip copy the build made beside them (scripts/precompress.ts)
 * when the client accepts it, with `Vary: Accept-Encoding` so caches keep the variants apart.
 */
export function staticWeb(
  webRoot: string,
  options: {
    /** Rewrites the app shell before it is sent (e.g. the business's name in <title>, a page's meta). */
    shell?: (html: string, url: URL) => Promise<string>
    /** Where a page path has moved (answered 308), or undefined to serve it. */
    redirect?: (url: URL) => Promise<string | undefined>
    /**
     * Server-rendered pages (server-render.ts): `kept` answers a page kept from before, ahead of any
     * other work; `render` answers the page rendered into the filled-in shell. Either gives undefined
     * for a page it does not answer. `encoding` is the best one the client accepts.
     */
    page?: {
      kept(c: Context, encoding: Encoding | undefined): Promise<Response | undefined>
      render(shell: string, c: Context, encoding: Encoding | undefined): Promise<Response | undefined>
    }
  } = {},
): MiddlewareHandler {
  const root = path.resolve(webRoot)
  const indexFile = path.join(root, 'index.html')

  // index.html as last read, kept while its size and time are the same (a new build changes them).
  let index: { text: string; size: number; mtimeMs: number } | undefined
  const readIndex = async (stat: fs.Stats) => {
    if (index?.size !== stat.size || index.mtimeMs !== stat.mtimeMs)
      index = { text: await fs.promises.readFile(indexFile, 'utf8'), size: stat.size, mtimeMs: stat.mtimeMs }
    return index.text
  }

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isServerPath(c.req.path)) return next()

    let pathname: string
    try {
      pathname = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    const accepted = acceptedEncodings(c.req.header('accept-encoding'))
    const candidate = path.resolve(root, `.${pathname}`)
    const insideRoot = candidate.startsWith(root + path.sep)
    if (insideRoot && !pathname.includes('\0')) {
      const stat = await fs.promises.stat(candidate).catch(() => undefined)
      if (stat?.isFile()) {
        const immutable = pathname.startsWith('/assets/')
        return fileResponse(candidate, stat.size, c.req.method, accepted, {
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        })
      }
    }
    // A missing asset is a real 404, not the app shell: a stale hashed file must not render HTML.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') return next()

    const stat = await fs.promises.stat(indexFile).catch(() => undefined)
    if (!stat) return next()
    const best = ENCODINGS.find((e) => accepted.has(e.name))?.name
    const kept = await options.page?.kept(c, best)
    if (kept) return kept
    const url = new URL(c.req.url)
    const moved = await options.redirect?.(url)
    if (moved) return c.redirect(moved, 308)
    if (options.shell) {
      const shell = await options.shell(await readIndex(stat), url)
      const rendered = await options.page?.render(shell, c, best)
      if (rendered) return rendered
      const html = Buffer.from(shell)
      // The filled-in shell differs per site, so it is compressed as it is sent (a few kB: cheap).
      const { body, encoding } = compressSmall(html, accepted)
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
        status: 200,
        headers: {
          'Content-Type': TYPES['.html']!,
          'Content-Length': String(body.length),
          'Cache-Control': 'no-cache',
          Vary: 'Accept-Encoding',
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        },
      })
    }
    return fileResponse(indexFile, stat.size, c.req.method, accepted, { 'Cache-Control': 'no-cache' })
  }
}

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const
export type Encoding = (typeof ENCODINGS)[number]['name']

/** The encodings of ours an Accept-Encoding header allows (`q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>()
  if (!header) return accepted
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && !(Number(q.slice(2)) > 0)) continue
    if (name === 'br' || name === 'gzip') accepted.add(name)
    if (name === '*') for (const e of ENCODINGS) accepted.add(e.name)
  }
  return accepted
}

/** A small body compressed in one go with the best encoding the client accepts. */
function compressSmall(bytes: Buffer, accepted: Set<Encoding>): { body: Buffer; encoding?: Encoding } {
  if (accepted.has('br')) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 }
    return { body: zlib.brotliCompressSync(bytes, { params }), encoding: 'br' }
  }
  if (accepted.has('gzip')) return { body: zlib.gzipSync(bytes), encoding: 'gzip' }
  return { body: bytes }
}

async function fileResponse(
  file: string,
  size: number,
  method: string,
  accepted: Set<Encoding>,
  headers: Record<string, string>,
): Promise<Response> {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  let sent = { file, size }
  const extra: Record<string, string> = {}
  for (const encoding of ENCODINGS) {
    const variant = await fs.promises.stat(file + encoding.suffix).catch(() => undefined)
    if (!variant?.isFile()) continue
    // The answer depends on Accept-Encoding whenever a compressed copy exists.
    extra.Vary = 'Accept-Encoding'
    if (accepted.has(encoding.name) && !extra['Content-Encoding']) {
      sent = { file: file + encoding.suffix, size: variant.size }
      extra['Content-Encoding'] = encoding.name
    }
  }
  const body =
    method === 'HEAD'
      ? null
      : (Readable.toWeb(
          fs.createReadStream(sent.file, { highWaterMark: 1 << 20 }),
        ) as ReadableStream<Uint8Array>)
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Length': String(sent.size), ...headers, ...extra },
  })
}

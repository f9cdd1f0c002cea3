import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { MiddlewareHandler } from 'hono'

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
 */
export function staticWeb(
  webRoot: string,
  options: {
    /** Rewrites the app shell before it is sent (e.g. the business's name in <title>). */
    shell?: (html: string) => Promise<string>
  } = {},
): MiddlewareHandler {
  const root = path.resolve(webRoot)
  const indexFile = path.join(root, 'index.html')

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isServerPath(c.req.path)) return next()

    let pathname: string
    try {
      pathname = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    const candidate = path.resolve(root, `.${pathname}`)
    const insideRoot = candidate.startsWith(root + path.sep)
    if (insideRoot && !pathname.includes('\0')) {
      const stat = await fs.promises.stat(candidate).catch(() => undefined)
      if (stat?.isFile()) {
        const immutable = pathname.startsWith('/assets/')
        return fileResponse(candidate, stat.size, c.req.method, {
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        })
      }
    }
    // A missing asset is a real 404, not the app shell: a stale hashed file must not render HTML.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') return next()

    const stat = await fs.promises.stat(indexFile).catch(() => undefined)
    if (!stat) return next()
    if (options.shell) {
      const html = Buffer.from(await options.shell(await fs.promises.readFile(indexFile, 'utf8')))
      return new Response(c.req.method === 'HEAD' ? null : html, {
        status: 200,
        headers: {
          'Content-Type': TYPES['.html']!,
          'Content-Length': String(html.length),
          'Cache-Control': 'no-cache',
        },
      })
    }
    return fileResponse(indexFile, stat.size, c.req.method, { 'Cache-Control': 'no-cache' })
  }
}

function fileResponse(file: string, size: number, method: string, headers: Record<string, string>): Response {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  const body =
    method === 'HEAD'
      ? null
      : (Readable.toWeb(fs.createReadStream(file, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>)
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Length': String(size), ...headers },
  })
}

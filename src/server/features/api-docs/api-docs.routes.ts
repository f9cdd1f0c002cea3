import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { openApiDocumentSchema } from '../../../shared/contract/system'
import { buildOpenApiDocument } from '../../lib/http/openapi'
import { problems } from '../../lib/http/problem'
import { type AnyRoute, defineRoute } from '../../lib/http/route'
import { sessionCookieName } from '../accounts/sign-in/auth-config'

// The browsable API reference at /api/docs: Swagger UI served from our own node_modules (no CDN),
// started by a script file of ours, because the CSP allows no inline script. Its Authorize button
// takes a personal access token (the bearerAuth scheme) for "Try it out"; the token is kept only
// in the page's memory.

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Depot API reference</title>
    <link rel="icon" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`

// Swagger UI sets inline styles and uses data: images; it runs only our own scripts.
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

export function apiDocsRoutes(allRoutes: () => readonly AnyRoute[], version: string): AnyRoute[] {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined
  return [
    defineRoute({
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This API, described as OpenAPI 3.1',
      tags: ['system'],
      access: 'public',
      responses: { 200: { description: 'The OpenAPI document', schema: openApiDocumentSchema } },
      handler: (c) => {
        const { authUrl } = c.var.deps.env
        document ??= buildOpenApiDocument(
          allRoutes(),
          { title: 'Depot API', version },
          { url: authUrl.origin, sessionCookieName: sessionCookieName(authUrl.protocol === 'https:') },
        )
        return c.json(document)
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/docs',
      summary: 'Browsable API reference',
      tags: ['system'],
      access: 'public',
      responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
      handler: (c) => c.html(PAGE, 200, { 'Content-Security-Policy': DOCS_CSP }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/docs/init.js',
      summary: 'Starts the API reference page',
      tags: ['system'],
      access: 'public',
      responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
      handler: (c) =>
        c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/docs/assets/:file',
      summary: 'Static files of the API reference page',
      tags: ['system'],
      access: 'public',
      request: { params: z.object({ file: z.string() }) },
      responses: {
        200: { description: 'A static file: CSS, JavaScript or a PNG', contentType: '*/*' },
        404: { description: 'No such file' },
      },
      handler: (_c, { params }) => {
        const type = ASSETS[params.file]
        if (!type) throw problems.notFound()
        const file = path.join(swaggerDir, params.file)
        const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>
        return new Response(body, {
          headers: {
            'Content-Type': type,
            'Cache-Control': `public, max-age=86400`,
            'Content-Length': String(fs.statSync(file).size),
          },
        })
      },
    }),
  ]
}

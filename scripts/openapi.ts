// npm run openapi — writes the OpenAPI document (generated from the route table) to docs/api/openapi.json,
// for people and tools that want it without running the server.
import fs from 'node:fs'
import pkg from '../package.json' with { type: 'json' }
import { loadEnv } from '../src/server/env'
import { sessionCookieName } from '../src/server/features/accounts/sign-in/auth-config'
import { buildOpenApiDocument } from '../src/server/lib/http/openapi'
import { buildRouteTable } from '../src/server/routes'

// The server named is AUTH_URL, as a running Depot serves the document at /api/openapi.json.
const { authUrl } = loadEnv()
const document = buildOpenApiDocument(
  buildRouteTable(),
  { title: 'Depot API', version: pkg.version },
  { url: authUrl.origin, sessionCookieName: sessionCookieName(authUrl.protocol === 'https:') },
)
fs.mkdirSync('docs/api', { recursive: true })
fs.writeFileSync('docs/api/openapi.json', `${JSON.stringify(document, null, 2)}\n`)
console.log(`wrote docs/api/openapi.json (${Object.keys(document.paths).length} paths)`)

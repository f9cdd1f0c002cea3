import type { Context, Hono } from 'hono'
import type { AppEnv } from '../../../deps'
import type { ProtocolMount } from '../../../lib/http/protocol-mount'
import { davAuth } from './dav-auth'
import { copyOrMove } from './dav-copy-move'
import { lock, unlock } from './dav-lock'
import { DAV_PREFIX } from './dav-paths'
import { proppatch } from './dav-proppatch'
import { getOrHead, notAllowed, propfind } from './dav-read'
import { type DavContext, davContext } from './dav-request'
import { COLLECTION_ALLOW, del, mkcol, put } from './dav-write'

// /dav/: the file manager as a WebDAV drive (class 1 and 2, docs/decisions/0091). WebDAV's methods
// and XML bodies are not our JSON API, so this is a protocol mount beside the route table rather than
// routes in it; it still declares its access (a personal access token over Basic auth) where the
// route table is assembled. Every method resolves the path for the caller and calls the file
// manager's own services, so rights, notifications and audit are exactly the UI's.

const METHODS: Record<string, (ctx: DavContext) => Promise<Response>> = {
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  GET: getOrHead,
  HEAD: getOrHead,
  PUT: put,
  MKCOL: mkcol,
  DELETE: del,
  COPY: (ctx) => copyOrMove(ctx, 'copy'),
  MOVE: (ctx) => copyOrMove(ctx, 'move'),
  LOCK: lock,
  UNLOCK: unlock,
}

function options(): Response {
  return new Response(null, {
    status: 200,
    headers: {
      DAV: '1, 2',
      'MS-Author-Via': 'DAV',
      Allow: `${COLLECTION_ALLOW}, PUT`,
      'Content-Length': '0',
    },
  })
}

async function handle(c: Context<AppEnv>): Promise<Response> {
  // OPTIONS answers without credentials (dav-auth lets it through): clients probe it first.
  if (c.req.method === 'OPTIONS') return options()
  const method = METHODS[c.req.method]
  if (!method) throw notAllowed(`${COLLECTION_ALLOW}, PUT`)
  const response = await method(await davContext(c))
  response.headers.set('Cache-Control', response.headers.get('Cache-Control') ?? 'no-store')
  return response
}

export const davMount: ProtocolMount = {
  path: `${DAV_PREFIX}/*`,
  summary: 'WebDAV (class 1 and 2) over My folders, Shared with me and Public',
  access: 'signedIn',
  credentials:
    'A personal access token as the password of Basic auth; never a cookie or the account password.',
  alsoAnswers: ['OPTIONS /'],
  mount(app: Hono<AppEnv>) {
    app.use(DAV_PREFIX, davAuth())
    app.use(`${DAV_PREFIX}/*`, davAuth())
    // Office and Windows probe OPTIONS at the server root before they look under /dav/.
    app.options('/', () => options())
    app.all(DAV_PREFIX, handle)
    app.all(`${DAV_PREFIX}/*`, handle)
  },
}

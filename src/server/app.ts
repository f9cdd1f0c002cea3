import { Hono } from 'hono'
import { UPLOADS_ENDPOINT } from '../shared/contract/files-transfer'
import type { AppDeps, AppEnv } from './deps'
import { sessionActor } from './features/accounts/session-actor.middleware'
import { isVisitorRequest } from './features/accounts/sign-in/visitor-request'
import { shareLinkPage } from './features/files/links/share-link-page'
import { tusResumableOnEveryAnswer } from './features/files/transfer/tus-headers'
import { withPageChunkPreload } from './features/shop/catalogue/page-chunk-preload'
import { productPageRedirect, withProductMeta } from './features/shop/catalogue/product-page-meta'
import { EMULATOR_MOUNT } from './features/shop/paystack/paystack-setup'
import { pageDataVersion } from './features/site/page-data-version.repository'
import { shellWithIdentity } from './features/site/site-shell'
import { handleError, problemResponse } from './lib/http/error-handler'
import { withNodeBodies } from './lib/http/node-body'
import { problems } from './lib/http/problem'
import { registerRoutes } from './lib/http/register-routes'
import { requestContext } from './lib/http/request-context'
import type { AnyRoute } from './lib/http/route'
import { securityHeaders } from './lib/http/security-headers'
import { staticWeb } from './lib/http/static-web'
import { serverRenderedPages } from './lib/server-render/server-render'
import { buildProtocolMounts, buildRouteTable } from './routes'

export interface DepotApp {
  app: Hono<AppEnv>
  routes: readonly AnyRoute[]
}

/** Builds the whole HTTP app from its dependencies. main.ts and the tests build it the same way. */
export function createApp(deps: AppDeps): DepotApp {
  const app = new Hono<AppEnv>()
  app.use('*', requestContext(deps))
  app.use(
    '*',
    securityHeaders({
      https: deps.env.authUrl.protocol === 'https:',
      extraSources: {
        // A customer's HTML mail shows its remote images once staff press "Load images" (decision
        // 0134); until then the sanitized HTML holds no image address at all.
        'img-src': ['https:'],
        // Paystack's inline checkout: its script, its iframe and its API (not needed on a stand-in,
        // whose own checkout page the browser visits).
        ...(deps.paystack.standIn
          ? {}
          : {
              'script-src': ['https://js.paystack.co'],
              'frame-src': ['https://checkout.paystack.com'],
              'connect-src': ['https://api.paystack.co'],
              'form-action': ['https://checkout.paystack.com'],
            }),
      },
    }),
  )
  app.onError(handleError)
  // Before the session layer, so its 401 carries the tus header too.
  app.use(UPLOADS_ENDPOINT, tusResumableOnEveryAnswer())
  app.use(`${UPLOADS_ENDPOINT}/*`, tusResumableOnEveryAnswer())
  // Every API request re-reads its session: a sign-out or restriction is seen on the very next one.
  app.use('/api/*', sessionActor())

  // No Paystack keys: the built-in emulator answers Paystack's API and shows its TEST MODE checkout.
  if (deps.paystackEmulator) app.route(EMULATOR_MOUNT, deps.paystackEmulator.app)

  // WebDAV at /dav/: its own credentials (a token over Basic auth, never the session cookie).
  for (const mount of buildProtocolMounts()) mount.mount(app)

  const routes = buildRouteTable()
  registerRoutes(app, routes, {
    maxJsonBodyBytes: deps.env.maxJsonBodyBytes,
    allowedOrigin: deps.env.authUrl.origin,
  })

  // A share link's address: a download for curl and wget, the link's page (404/410 once it stopped).
  app.use('/s/:token', shareLinkPage())
  // Anything the API did not answer: the web app's files and client routes, when built. The public
  // pages come rendered (server-render.ts), their data asked of this app in-process.
  if (deps.webRoot) {
    const webRoot = deps.webRoot
    const appFetch = app.fetch
    app.use(
      '*',
      staticWeb(webRoot, {
        redirect: (url) => productPageRedirect(deps, url),
        shell: async (html, url) =>
          withPageChunkPreload(
            webRoot,
            url,
            await withProductMeta(deps, url, await shellWithIdentity(deps, html)),
          ),
        page: deps.renderPage
          ? serverRenderedPages({
              origin: deps.env.authUrl.origin,
              renderPage: deps.renderPage,
              appFetch,
              dataVersion: () => pageDataVersion(deps.database.db),
              isVisitor: (c) => isVisitorRequest(c, deps.env),
              dataBudgetMs: deps.env.pageDataBudgetMs,
            })
          : undefined,
      }),
    )
  }
  app.notFound((c) => problemResponse(c, problems.notFound(`No route for ${c.req.method} ${c.req.path}.`)))
  // Files are written straight to Node's response once every middleware has answered (node-body.ts).
  app.fetch = withNodeBodies(app.fetch)

  return { app, routes }
}

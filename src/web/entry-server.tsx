import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer, run by the server that serves this app.
import { renderToReadableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { RenderedPage } from '../shared/rendered-page'
import { sessionKey } from './features/accounts/sessions/session'
import { type ApiClientOptions, ApiError, createApiClient } from './lib/api'
import { MoneyTextsNoted } from './lib/money-texts'
import { createQueryClient } from './lib/query-client'
import type { RouteHandle } from './lib/route-prefetch'
import { routes } from './route-table'
import { SERVER_STATE_ID, type ServerState } from './server-state'

// The public pages rendered on the server (decision 0110), with the route table the browser uses.
// The server's build of this module (vite.config.ts, `--ssr`) is loaded by the server
// (src/server/lib/server-render/server-render.ts), which sends the shell's head, then this page's HTML in
// #root, then the query cache the page was drawn from; main.tsx hydrates from that cache, so the
// browser's first render is the server's and asks the API nothing.

const handler = createStaticHandler(routes)

/**
 * The page at `request`'s address, its data asked through `fetch` (the server's own app, as the
 * visitor), or undefined when that address is not a server-rendered page (the browser renders it).
 */
export async function renderPage(
  request: Request,
  fetch: NonNullable<ApiClientOptions['fetch']>,
): Promise<RenderedPage | undefined> {
  const context = await handler.query(request)
  // No loaders or actions in the table: a Response (a redirect) never comes back; nothing to render.
  if (context instanceof Response) return undefined
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined)
  if (!handles.some((handle) => handle?.serverRendered)) return undefined

  const url = new URL(request.url)
  const api = createApiClient({ fetch })
  const queryClient = createQueryClient()
  await Promise.all(
    context.matches.map((match, i) =>
      handles[i]?.prefetch?.({ queryClient, api, params: match.params, url }),
    ),
  )
  // The signed-in app stays the browser's: its header's menus and gates are not drawn on the server.
  if (queryClient.getQueryData(sessionKey)) return undefined
  // What the page shows is not there (an unknown product): the page says so, with the status to match.
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiError && query.state.error.status === 404)
  // A failed query is not handed over, so the browser's first render would show it loading: the
  // server draws it loading too, and the browser asks again.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' })

  const notFound = missing || context.matches.at(-1)?.route.path === '*'
  const queries = dehydrate(queryClient)
  const moneyTexts = new Map<string, string>()
  const router = createStaticRouter(handler.dataRoutes, context)
  return {
    status: notFound ? 404 : context.statusCode,
    personal: handles.some((handle) => handle?.personal),
    state: () => jsonForScript({ queries, moneyTexts: Object.fromEntries(moneyTexts) } satisfies ServerState),
    content: JSON.stringify(queries.queries.map((query) => [query.queryHash, query.state.data])),
    stateId: SERVER_STATE_ID,
    render: async (options = {}) => {
      const stream = await renderToReadableStream(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <MoneyTextsNoted value={moneyTexts}>
              {/* No inline script for the router's state (the CSP allows none): the browser routes anew. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </MoneyTextsNoted>
          </QueryClientProvider>
        </StrictMode>,
        options,
      )
      // The data is in; what may still suspend is a lazy component (the signed-in header's menus).
      // Sent once it is done, so every boundary is in the HTML as it is: React's script that would
      // swap in a boundary finished later is inline, which the CSP refuses.
      await stream.allReady
      return stream
    },
  }
}

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

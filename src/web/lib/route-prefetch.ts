import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { ApiClient } from './api'

// What a route of the table tells the server that renders it (decision 0110): whether it is a public
// page the server renders, and the queries its page reads, under the same keys the page's hooks use.
// The server runs them through its own app before rendering and hands the answers to the browser, so
// hydration draws the same page without asking the API again. The browser's navigations ignore this:
// each page still asks for what it needs when it is shown.

export interface PrefetchContext {
  queryClient: QueryClient
  /** Asks the server's own app, as the visitor (their cookie), without a network round trip. */
  api: ApiClient
  params: Params
  url: URL
}

export interface RouteHandle {
  /** A public page: the server answers it with the page rendered, not the empty shell. */
  serverRendered?: boolean
  /** The queries the route's page reads, started together; a failed one is left to the browser. */
  prefetch?: (context: PrefetchContext) => Promise<unknown>
  /**
   * The page is its visitor's own though nobody signed in (a share link's, opened by a secret token):
   * answered `private, no-store`, never kept for the next visitor.
   */
  personal?: boolean
}

export const routeHandle = (handle: RouteHandle): RouteHandle => handle

/** A public page with nothing to load first: the server renders it. */
export const serverRendered = routeHandle({ serverRendered: true })

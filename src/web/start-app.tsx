import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import { createWebApp } from './app'
import { takeMoneyTexts } from './lib/money-texts'
import { nextTask } from './lib/next-task'
import { routes } from './route-table'
import type { ServerState } from './server-state'

/**
 * Starts the app in `root`: takes over the page the server rendered when there is its state,
 * otherwise renders the app in the browser alone.
 */
export function startApp(root: HTMLElement, serverState: ServerState | undefined): Promise<void> | void {
  // A page the server rendered (decision 0110): the same routes and the same query answers, so the
  // first render matches its HTML and React takes it over as it is. The page is painted and readable
  // already, so taking it over gives way to the browser between its steps (a tap, a scroll) instead of
  // holding the main thread from the script's start to the end of hydration (decision 0152).
  if (serverState) return hydrateServerPage(root, serverState)
  createRoot(root).render(<StrictMode>{createWebApp().app}</StrictMode>)
}

async function hydrateServerPage(root: HTMLElement, state: ServerState): Promise<void> {
  takeMoneyTexts(state.moneyTexts)
  await loadMatchedRoutes()
  await nextTask()
  const { queryClient, app } = createWebApp()
  hydrate(queryClient, state.queries)
  await nextTask()
  // Hydrated as a transition: React yields to the browser every few milliseconds, and a click on a
  // part not yet hydrated makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(root, <StrictMode>{app}</StrictMode>)
  })
}

/** Loads the lazy routes of this address, so the router starts with them instead of their fallback. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

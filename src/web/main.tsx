import './lib/zod-config'
import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import { createWebApp } from './app'
import { initTheme } from './lib/theme'
import { routes } from './route-table'
import { type ServerState, takeServerState } from './server-state'

// Before anything renders. An inline script in index.html would do it earlier, but the CSP allows
// none (script-src 'self'); the stylesheet follows the system preference until this runs.
initTheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const serverState = takeServerState()

if (serverState) {
  // A page the server rendered (decision 0110): the same routes and the same query answers, so the
  // first render matches its HTML and React takes it over as it is. The page is painted and readable
  // already, so taking it over gives way to the browser between its steps (a tap, a scroll) instead of
  // holding the main thread from the script's start to the end of hydration.
  void hydrateServerPage(container, serverState)
} else {
  createRoot(container).render(<StrictMode>{createWebApp().app}</StrictMode>)
}

async function hydrateServerPage(root: HTMLElement, state: ServerState): Promise<void> {
  await nextTask()
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

/** Resolves in a task of its own, after what the browser has waiting (input, rendering). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
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

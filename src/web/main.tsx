import './lib/zod-config'
import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes } from 'react-router'
import { createWebApp } from './app'
import { initTheme } from './lib/theme'
import { routes } from './route-table'
import { takeServerState } from './server-state'

// Before anything renders. An inline script in index.html would do it earlier, but the CSP allows
// none (script-src 'self'); the stylesheet follows the system preference until this runs.
initTheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const serverState = takeServerState()

if (serverState) {
  // A page the server rendered (decision 0110): the same routes and the same query answers, so the
  // first render matches its HTML and React takes it over as it is.
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already painted and readable meanwhile), and a
  // click on a part not yet hydrated makes React hydrate that part first.
  void loadMatchedRoutes().then(() => {
    const { queryClient, app } = createWebApp()
    hydrate(queryClient, serverState.queries)
    startTransition(() => {
      hydrateRoot(container, <StrictMode>{app}</StrictMode>)
    })
  })
} else {
  createRoot(container).render(<StrictMode>{createWebApp().app}</StrictMode>)
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

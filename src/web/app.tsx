import { QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { LazyToaster } from './components/ui/lazy-toaster'
import { signOutIfSuspended } from './features/accounts/sessions/account-suspended'
import { createQueryClient } from './lib/query-client'
import { routes } from './route-table'
import { SiteNameProvider } from './shell/site-name-provider'

/**
 * The app's router and query cache, and the element that renders them. Made once by main.tsx, after a
 * server-rendered page's cache is in and the page's lazy route is loaded, so the first render is the
 * page itself (what the server drew), not the route's loading fallback.
 */
export function createWebApp() {
  const router = createBrowserRouter(routes)
  const queryClient = createQueryClient((error) => signOutIfSuspended(error, queryClient, router.navigate))
  const app = (
    <QueryClientProvider client={queryClient}>
      <SiteNameProvider>
        <RouterProvider router={router} />
      </SiteNameProvider>
      <LazyToaster />
    </QueryClientProvider>
  )
  return { queryClient, app }
}

import type { RouteObject } from 'react-router'
import { NotFoundPage } from './components/auth/not-found-page'
import { PageSkeleton } from './components/layout/page-skeleton'
import { RouteError } from './components/layout/route-error'
import { sessionQuery } from './features/accounts/sessions/session'
import { siteQuery } from './features/site/site-api'
import { routeHandle, serverRendered } from './lib/route-prefetch'
import { accountPages } from './routes/account-pages'
import { filesPages } from './routes/files-pages'
import { inboxPages } from './routes/inbox-pages'
import { shopPages } from './routes/shop-pages'
import { staffPages } from './routes/staff-pages'
import { AppLayout } from './shell/app-layout'

// The route table. Every page is its own chunk, imported from its feature when first visited, so a
// visitor downloads only the shell and the page in front of them. The shell, the guards and the error
// pages are eager: they must render even when a page's chunk fails to load. The staff layout and the
// file manager's sign-in guard load with the pages under them, so a shop visitor downloads no staff
// code (decision 0096). The public pages are rendered by the server too (decision 0110): their
// `handle` marks them and names the queries the server runs first (lib/route-prefetch.ts).

/** If the shell itself fails there is no layout to render into: the error page stands alone. */
function ShellError() {
  return (
    <div className="px-4 py-12">
      <RouteError />
    </div>
  )
}

/** Staff and admin pages share a layout with the staff navigation; any page under these paths joins it. */
const STAFF_PAGE = /^(staff|admin)\//

function withStaffLayout(pages: RouteObject[]): RouteObject[] {
  const staff = pages.filter((r) => r.path !== undefined && STAFF_PAGE.test(r.path))
  const layout = () => import('./features/staff/staff-layout').then((m) => ({ Component: m.StaffLayout }))
  return [{ lazy: layout, children: staff }, ...pages.filter((r) => !staff.includes(r))]
}

/** A public page the server renders, with nothing to ask before it does. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: ShellError,
    // The frame of every page: who is signed in, and the site's name, logo and accent.
    handle: routeHandle({
      prefetch: ({ queryClient, api }) =>
        Promise.all([
          queryClient.prefetchQuery(sessionQuery(api)),
          queryClient.prefetchQuery(siteQuery(api)),
        ]),
    }),
    children: [
      {
        // Errors and the first page load render inside the shell, keeping the header usable.
        ErrorBoundary: RouteError,
        HydrateFallback: PageSkeleton,
        children: withStaffLayout([
          ...shopPages,
          ...filesPages,
          ...inboxPages,
          ...staffPages,
          ...accountPages,
          // Eager: the error page shows it too, so it is in the shell's chunk anyway.
          { path: '*', Component: NotFoundPage, handle: serverRendered },
        ]),
      },
    ],
  },
]

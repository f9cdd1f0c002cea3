import { type ReactNode, useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { TwoFactorGate } from '../features/accounts/two-factor/two-factor-gate'
import { SiteFrame } from '../features/site/site-frame'
import { NavigationProgress } from './navigation-progress'
import { isWidePage, pageWidth } from './page-width'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'

/**
 * The frame of every page. After a client-side navigation, focus moves to the new content (as a full
 * page load would reset it), so keyboard and screen-reader users are not left on the old link.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation()
  const wide = isWidePage(pathname)
  const mainRef = useRef<HTMLElement>(null)
  const lastPathname = useRef(pathname)

  useEffect(() => {
    if (lastPathname.current === pathname) return
    lastPathname.current = pathname
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteFrame />
      <SkipLink />
      <NavigationProgress />
      <SiteHeader wide={wide} />
      {/* At least a screen under the header: the footer starts below the fold, so a page that grows as
          its data arrives does not push a visible footer down (a layout shift on every first load). */}
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none"
      >
        <div className={`mx-auto w-full ${pageWidth(wide)} px-4 py-8 sm:px-6 sm:py-12`}>
          <TwoFactorGate>{children ?? <Outlet />}</TwoFactorGate>
        </div>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  )
}

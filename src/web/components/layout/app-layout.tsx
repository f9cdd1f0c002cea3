import { type ReactNode, useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { TwoFactorGate } from '../../features/accounts/two-factor-gate'
import { SiteFrame } from '../../features/site/site-frame'
import { NavigationProgress } from './navigation-progress'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { SkipLink } from './skip-link'

/**
 * The frame of every page. After a client-side navigation, focus moves to the new content (as a full
 * page load would reset it), so keyboard and screen-reader users are not left on the old link.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation()
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
      <SiteHeader />
      <main ref={mainRef} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
          <TwoFactorGate>{children ?? <Outlet />}</TwoFactorGate>
        </div>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  )
}

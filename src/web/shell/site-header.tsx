import { HeaderNotifications } from '../features/notifications/header-notifications'
import { HeaderCart } from '../features/shop/cart/header-cart'
import { MainNav } from './main-nav'
import { MobileNav } from './mobile-nav'
import { SiteBrand } from './site-brand'
import { ThemeToggle } from './theme-toggle'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <SiteBrand />
        <MainNav />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <HeaderCart />
          <HeaderNotifications />
          <ThemeToggle />
          <MobileNav />
        </div>
      </div>
    </header>
  )
}

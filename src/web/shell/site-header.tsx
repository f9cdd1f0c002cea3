import { HeaderNotifications } from '../features/notifications/header-notifications'
import { HeaderCart } from '../features/shop/cart/header-cart'
import { MainNav } from './main-nav'
import { MobileNav } from './mobile-nav'
import { pageWidth } from './page-width'
import { SiteBrand } from './site-brand'
import { ThemeToggle } from './theme-toggle'

export function SiteHeader({ wide = false }: { wide?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div
        className={`relative mx-auto flex min-h-16 ${pageWidth(wide)} items-center gap-3 px-4 py-2 sm:gap-6 sm:px-6`}
      >
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

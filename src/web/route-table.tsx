import type { RouteObject } from 'react-router'
import { AppLayout } from './components/layout/app-layout'
import { PageSkeleton } from './components/layout/page-skeleton'
import { StaffLayout } from './features/staff/staff-layout'
import { NotFoundPage } from './routes/not-found'
import { RouteError } from './routes/route-error'

// The route table. Every page is its own chunk, loaded when first visited, so a visitor downloads only
// the shell and the page in front of them. The shell and the error page are eager: they must render
// even when a page's chunk fails to load.

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
  return [{ Component: StaffLayout, children: staff }, ...pages.filter((r) => !staff.includes(r))]
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: ShellError,
    children: [
      {
        // Errors and the first page load render inside the shell, keeping the header usable.
        ErrorBoundary: RouteError,
        HydrateFallback: PageSkeleton,
        children: withStaffLayout([
          { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomePage }) },
          { path: 'shop', lazy: async () => ({ Component: (await import('./routes/shop')).ShopPage }) },
          // The shop: product page, cart, and product management for UploadProducts staff.
          {
            path: 'shop/:id',
            lazy: async () => ({ Component: (await import('./routes/shop-product')).ShopProductPage }),
          },
          { path: 'cart', lazy: async () => ({ Component: (await import('./routes/cart')).CartPage }) },
          {
            path: 'admin/products',
            lazy: async () => ({ Component: (await import('./routes/admin-products')).AdminProductsPage }),
          },
          {
            path: 'admin/products/new',
            lazy: async () => ({ Component: (await import('./routes/admin-product')).AdminNewProductPage }),
          },
          {
            path: 'admin/products/:id',
            lazy: async () => ({ Component: (await import('./routes/admin-product')).AdminProductPage }),
          },
          // The file manager: home views, trash, search, then a folder by id (the address
          // notifications link to; static segments win over :id).
          { path: 'files', lazy: async () => ({ Component: (await import('./routes/files')).FilesPage }) },
          {
            path: 'files/trash',
            lazy: async () => ({ Component: (await import('./routes/files-trash')).TrashPage }),
          },
          {
            path: 'files/search',
            lazy: async () => ({ Component: (await import('./routes/files-search')).SearchPage }),
          },
          {
            path: 'files/:id',
            lazy: async () => ({ Component: (await import('./routes/files-folder')).FolderPage }),
          },
          {
            path: 'notifications',
            lazy: async () => ({ Component: (await import('./routes/notifications')).NotificationsPage }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('./routes/contact')).ContactPage }),
          },
          // Notifications: the page the bell's "See all" opens.
          // Inbox, public: the quote form, the e-book page and the pages its mails link to.
          { path: 'quote', lazy: async () => ({ Component: (await import('./routes/quote')).QuotePage }) },
          { path: 'ebook', lazy: async () => ({ Component: (await import('./routes/ebook')).EbookPage }) },
          {
            path: 'ebook/download',
            lazy: async () => ({ Component: (await import('./routes/ebook-download')).EbookDownloadPage }),
          },
          {
            path: 'ebook/unsubscribe',
            lazy: async () => ({
              Component: (await import('./routes/ebook-unsubscribe')).EbookUnsubscribePage,
            }),
          },
          // Inbox, staff: the triage tables and one entry's page; admin settings and privacy.
          {
            path: 'staff/quotes',
            lazy: async () => ({ Component: (await import('./routes/staff-quotes')).QuotesPage }),
          },
          {
            path: 'staff/quotes/:id',
            lazy: async () => ({ Component: (await import('./routes/staff-quote')).StaffQuotePage }),
          },
          {
            path: 'staff/contacts',
            lazy: async () => ({ Component: (await import('./routes/staff-contacts')).ContactsPage }),
          },
          {
            path: 'staff/contacts/:id',
            lazy: async () => ({ Component: (await import('./routes/staff-contact')).StaffContactPage }),
          },
          {
            path: 'staff/ebook',
            lazy: async () => ({ Component: (await import('./routes/staff-ebook')).EbookListPage }),
          },
          {
            path: 'admin/inbox-settings',
            lazy: async () => ({
              Component: (await import('./routes/admin-inbox-settings')).InboxSettingsPage,
            }),
          },
          // Admin: the site identity (decision 0069).
          {
            path: 'admin/site',
            lazy: async () => ({ Component: (await import('./routes/admin-site')).SiteIdentityPage }),
          },
          // Admin: the audit log (product.md §6).
          {
            path: 'admin/audit',
            lazy: async () => ({ Component: (await import('./routes/admin-audit')).AdminAuditPage }),
          },
          {
            path: 'admin/security',
            lazy: async () => ({ Component: (await import('./routes/admin-security')).SecuritySettingsPage }),
          },
          {
            path: 'admin/privacy',
            lazy: async () => ({ Component: (await import('./routes/admin-privacy')).PrivacyPage }),
          },
          // Shop payments: the checkout callback, the buyer's orders, the staff orders table.
          {
            path: 'shop/checkout/callback',
            lazy: async () => ({
              Component: (await import('./routes/checkout-callback')).CheckoutCallbackPage,
            }),
          },
          {
            path: 'account/orders',
            lazy: async () => ({ Component: (await import('./routes/my-orders')).MyOrdersPage }),
          },
          {
            path: 'account/orders/:id',
            lazy: async () => ({ Component: (await import('./routes/my-order')).MyOrderPage }),
          },
          {
            path: 'staff/orders',
            lazy: async () => ({ Component: (await import('./routes/staff-orders')).StaffOrdersPage }),
          },
          {
            path: 'staff/orders/:id',
            lazy: async () => ({ Component: (await import('./routes/staff-order')).StaffOrderPage }),
          },
          {
            path: 'staff/customers',
            lazy: async () => ({ Component: (await import('./routes/staff-customers')).StaffCustomersPage }),
          },
          {
            path: 'staff/customers/:id',
            lazy: async () => ({ Component: (await import('./routes/staff-customer')).StaffCustomerPage }),
          },
          // Admin: the users table and one user's page.
          {
            path: 'admin/users',
            lazy: async () => ({ Component: (await import('./routes/admin-users')).AdminUsersPage }),
          },
          {
            path: 'admin/users/:id',
            lazy: async () => ({ Component: (await import('./routes/admin-user')).AdminUserPage }),
          },
          // Accounts: sign-in, sign-up, the pages mail links open, the profile, first-run setup.
          {
            path: 'sign-in',
            lazy: async () => ({ Component: (await import('./routes/sign-in')).SignInPage }),
          },
          {
            path: 'sign-up',
            lazy: async () => ({ Component: (await import('./routes/sign-up')).SignUpPage }),
          },
          {
            path: 'verify-email',
            lazy: async () => ({ Component: (await import('./routes/verify-email')).VerifyEmailPage }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordPage }),
          },
          {
            path: 'account-suspended',
            lazy: async () => ({
              Component: (await import('./routes/account-suspended')).AccountSuspendedPage,
            }),
          },
          {
            path: 'accept-invitation',
            lazy: async () => ({
              Component: (await import('./routes/accept-invitation')).AcceptInvitationPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('./routes/profile')).ProfilePage }),
          },
          {
            path: 'account/two-factor',
            lazy: async () => ({
              Component: (await import('./routes/account-two-factor')).TwoFactorEnrolPage,
            }),
          },
          {
            path: 'setup',
            lazy: async () => ({ Component: (await import('./routes/setup')).SetupPage }),
          },
          // Eager: the error page shows it too, so it is in the shell's chunk anyway.
          { path: '*', Component: NotFoundPage },
        ]),
      },
    ],
  },
]

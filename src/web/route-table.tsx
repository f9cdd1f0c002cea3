import type { RouteObject } from 'react-router'
import { NotFoundPage } from './components/auth/not-found-page'
import { PageSkeleton } from './components/layout/page-skeleton'
import { RouteError } from './components/layout/route-error'
import { sessionQuery } from './features/accounts/sessions/session'
import { catalogueQuery, productQuery, productTypesQuery } from './features/shop/shop-api'
import { featuredQuery } from './features/shop/storefront/featured-api'
import { SHOP_GRID } from './features/shop/storefront/shop-state'
import { siteQuery, siteWordsQuery } from './features/site/site-api'
import { routeHandle } from './lib/route-prefetch'
import { listQueryParams, readTableState } from './lib/url-state'
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
const serverRendered = routeHandle({ serverRendered: true })

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
          {
            index: true,
            // The owner's words and featured products, so the page arrives written (decision 0141).
            handle: routeHandle({
              serverRendered: true,
              prefetch: ({ queryClient, api }) =>
                Promise.all([
                  queryClient.prefetchQuery(siteWordsQuery(api)),
                  queryClient.prefetchQuery(featuredQuery(api)),
                ]),
            }),
            lazy: () => import('./features/home/home-page').then((m) => ({ Component: m.HomePage })),
          },
          // The shop: catalogue, product page, cart, and product management for UploadProducts staff.
          {
            path: 'shop',
            // The grid's view comes from the URL, as the page reads it: page, sort, search and filters.
            handle: routeHandle({
              serverRendered: true,
              prefetch: ({ queryClient, api, url }) => {
                const query = listQueryParams(readTableState(url.searchParams, SHOP_GRID))
                return Promise.all([
                  queryClient.prefetchQuery(catalogueQuery(query, api)),
                  queryClient.prefetchQuery(productTypesQuery(api)),
                  queryClient.prefetchQuery(siteWordsQuery(api)),
                ])
              },
            }),
            lazy: () =>
              import('./features/shop/storefront/shop-page').then((m) => ({ Component: m.ShopPage })),
          },
          {
            path: 'shop/:id',
            handle: routeHandle({
              serverRendered: true,
              prefetch: ({ queryClient, api, params }) =>
                queryClient.prefetchQuery(productQuery(params.id ?? '', api)),
            }),
            lazy: () =>
              import('./features/shop/storefront/product-page').then((m) => ({ Component: m.ProductPage })),
          },
          {
            path: 'cart',
            lazy: () => import('./features/shop/cart/cart-page').then((m) => ({ Component: m.CartPage })),
          },
          {
            path: 'admin/products',
            lazy: () =>
              import('./features/shop/product-editor/products-table').then((m) => ({
                Component: m.ProductsTablePage,
              })),
          },
          {
            path: 'admin/products/new',
            lazy: () =>
              import('./features/shop/product-editor/product-editor-page').then((m) => ({
                Component: m.NewProductPage,
              })),
          },
          {
            path: 'admin/products/:id',
            lazy: () =>
              import('./features/shop/product-editor/product-editor-page').then((m) => ({
                Component: m.EditProductPage,
              })),
          },
          // The file manager, for signed-in people: home views, trash, search, then a folder by id (the
          // address notifications link to; static segments win over :id).
          {
            lazy: () => import('./shell/files-sign-in-guard').then((m) => ({ Component: m.FilesGuard })),
            children: [
              {
                path: 'files',
                lazy: () =>
                  import('./features/files/home/files-home-page').then((m) => ({
                    Component: m.FilesHomePage,
                  })),
              },
              {
                path: 'files/trash',
                lazy: () =>
                  import('./features/files/trash/trash-page').then((m) => ({ Component: m.TrashPage })),
              },
              {
                path: 'files/search',
                lazy: () => import('./features/files/search-page').then((m) => ({ Component: m.SearchPage })),
              },
              {
                path: 'files/:id',
                lazy: () =>
                  import('./features/files/folder/folder-page').then((m) => ({ Component: m.FolderPage })),
              },
            ],
          },
          // Notifications: the page the bell's "See all" opens.
          {
            path: 'notifications',
            lazy: () =>
              import('./features/notifications/notifications-page').then((m) => ({
                Component: m.NotificationsPage,
              })),
          },
          {
            path: 'account/notifications',
            lazy: () =>
              import('./features/notifications/notification-settings-page').then((m) => ({
                Component: m.NotificationSettingsPage,
              })),
          },
          // Inbox, public: the contact and quote forms, the e-book page and the pages its mails link to.
          {
            path: 'contact',
            handle: serverRendered,
            lazy: () => import('./features/inbox/contact-page').then((m) => ({ Component: m.ContactPage })),
          },
          {
            path: 'quote',
            handle: serverRendered,
            lazy: () => import('./features/inbox/quote-page').then((m) => ({ Component: m.QuotePage })),
          },
          {
            path: 'ebook',
            handle: serverRendered,
            lazy: () => import('./features/inbox/ebook-page').then((m) => ({ Component: m.EbookPage })),
          },
          {
            path: 'ebook/download',
            lazy: () =>
              import('./features/inbox/ebook-link-page').then((m) => ({ Component: m.EbookDownloadPage })),
          },
          {
            path: 's/:token',
            handle: serverRendered,
            lazy: () =>
              import('./features/files/links/shared-link-page').then((m) => ({
                Component: m.SharedLinkPage,
              })),
          },
          {
            path: 'ebook/unsubscribe',
            lazy: () =>
              import('./features/inbox/ebook-link-page').then((m) => ({ Component: m.EbookUnsubscribePage })),
          },
          // Inbox, staff: the triage tables and one entry's page; admin settings and privacy.
          {
            path: 'staff/quotes',
            lazy: () =>
              import('./features/inbox-staff/triage-pages').then((m) => ({ Component: m.QuotesPage })),
          },
          {
            path: 'staff/quotes/:id',
            lazy: () =>
              import('./features/inbox-staff/entry-page').then((m) => ({ Component: m.QuoteEntryPage })),
          },
          {
            path: 'staff/contacts',
            lazy: () =>
              import('./features/inbox-staff/triage-pages').then((m) => ({ Component: m.ContactsPage })),
          },
          {
            path: 'staff/contacts/:id',
            lazy: () =>
              import('./features/inbox-staff/entry-page').then((m) => ({ Component: m.ContactEntryPage })),
          },
          {
            path: 'staff/ebook',
            lazy: () =>
              import('./features/inbox-staff/ebook-list-page').then((m) => ({ Component: m.EbookListPage })),
          },
          {
            path: 'admin/inbox-settings',
            lazy: () =>
              import('./features/inbox-staff/settings/inbox-settings-page').then((m) => ({
                Component: m.InboxSettingsPage,
              })),
          },
          {
            path: 'admin/privacy',
            lazy: () =>
              import('./features/inbox-staff/settings/privacy-page').then((m) => ({
                Component: m.PrivacyPage,
              })),
          },
          // Admin: the site identity, the audit log, security settings, users and one user's page.
          {
            path: 'admin/site',
            lazy: () =>
              import('./features/site/site-identity-page').then((m) => ({ Component: m.SiteIdentityPage })),
          },
          {
            path: 'admin/audit',
            lazy: () => import('./features/admin/audit/audit-page').then((m) => ({ Component: m.AuditPage })),
          },
          {
            path: 'admin/security',
            lazy: () =>
              import('./features/admin/security-settings-page').then((m) => ({
                Component: m.SecuritySettingsPage,
              })),
          },
          {
            path: 'admin/users',
            lazy: () => import('./features/admin/users-page').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: 'admin/users/:id',
            lazy: () => import('./features/admin/user-page').then((m) => ({ Component: m.UserPage })),
          },
          // Shop payments: the checkout callback, the buyer's orders, the staff orders and customers.
          {
            path: 'shop/checkout/callback',
            lazy: () =>
              import('./features/shop/checkout/checkout-callback-page').then((m) => ({
                Component: m.CheckoutCallbackPage,
              })),
          },
          {
            path: 'account/orders',
            lazy: () =>
              import('./features/shop/orders/my-orders-page').then((m) => ({ Component: m.MyOrdersPage })),
          },
          {
            path: 'account/requests',
            lazy: () =>
              import('./features/inbox/my-requests/my-requests-page').then((m) => ({
                Component: m.MyRequestsPage,
              })),
          },
          {
            path: 'account/requests/:kind/:id',
            lazy: () =>
              import('./features/inbox/my-requests/my-requests-page').then((m) => ({
                Component: m.MyRequestPage,
              })),
          },
          {
            path: 'account/orders/:id',
            lazy: () => import('./features/shop/orders/order-page').then((m) => ({ Component: m.OrderPage })),
          },
          // The dashboard: the first page staff and admins see after signing in. Its charts load with it.
          {
            path: 'staff/dashboard',
            lazy: () =>
              import('./features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: 'staff/orders',
            lazy: () =>
              import('./features/shop/orders/staff-orders-page').then((m) => ({
                Component: m.StaffOrdersPage,
              })),
          },
          {
            path: 'staff/orders/:id',
            lazy: () =>
              import('./features/shop/orders/staff-order-page').then((m) => ({
                Component: m.StaffOrderPage,
              })),
          },
          {
            path: 'staff/customers',
            lazy: () =>
              import('./features/shop/customers/staff-customers-page').then((m) => ({
                Component: m.StaffCustomersPage,
              })),
          },
          {
            path: 'staff/discounts',
            lazy: () =>
              import('./features/shop/discounts/staff-discounts-page').then((m) => ({
                Component: m.StaffDiscountsPage,
              })),
          },
          {
            path: 'staff/customers/:id',
            lazy: () =>
              import('./features/shop/customers/staff-customer-page').then((m) => ({
                Component: m.StaffCustomerPage,
              })),
          },
          // Accounts: sign-in, sign-up, the pages mail links open, the profile, first-run setup.
          {
            path: 'sign-in',
            lazy: () =>
              import('./features/accounts/sign-in/sign-in-page').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: 'sign-up',
            lazy: () =>
              import('./features/accounts/sign-up/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
          },
          {
            path: 'verify-email',
            lazy: () =>
              import('./features/accounts/sign-up/verify-email-page').then((m) => ({
                Component: m.VerifyEmailPage,
              })),
          },
          {
            path: 'claim-account',
            lazy: () =>
              import('./features/accounts/sign-up/claim-account-page').then((m) => ({
                Component: m.ClaimAccountPage,
              })),
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('./features/accounts/sign-in/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('./features/accounts/sign-in/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'account-suspended',
            lazy: () =>
              import('./features/accounts/sessions/account-suspended-page').then((m) => ({
                Component: m.AccountSuspendedPage,
              })),
          },
          {
            path: 'accept-invitation',
            lazy: () =>
              import('./features/accounts/sign-up/accept-invitation-page').then((m) => ({
                Component: m.AcceptInvitationPage,
              })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('./features/accounts/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'account/two-factor',
            lazy: () =>
              import('./features/accounts/two-factor/two-factor-enrol-page').then((m) => ({
                Component: m.TwoFactorEnrolPage,
              })),
          },
          {
            path: 'setup',
            lazy: () =>
              import('./features/accounts/sign-up/setup-page').then((m) => ({ Component: m.SetupPage })),
          },
          // Eager: the error page shows it too, so it is in the shell's chunk anyway.
          { path: '*', Component: NotFoundPage, handle: serverRendered },
        ]),
      },
    ],
  },
]

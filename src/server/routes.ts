import pkg from '../../package.json' with { type: 'json' }
import { accessTokensRoutes } from './features/accounts/access-tokens/access-tokens.routes'
import { accountsRoutes } from './features/accounts/accounts.routes'
import { meRoutes } from './features/accounts/profile/me.routes'
import { authRoutes } from './features/accounts/sign-in/auth.routes'
import { twoFactorRoutes } from './features/accounts/two-factor/two-factor.routes'
import { firstStepsRoutes } from './features/admin/first-steps.routes'
import { invitationsRoutes } from './features/admin/invitations.routes'
import { adminSecurityRoutes } from './features/admin/security.routes'
import { setupRoutes } from './features/admin/setup.routes'
import { adminUsersRoutes } from './features/admin/users.routes'
import { apiDocsRoutes } from './features/api-docs/api-docs.routes'
import { auditRoutes } from './features/audit/audit.routes'
import { dashboardRoutes } from './features/dashboard/dashboard.routes'
import { davMount } from './features/files/dav/dav.routes'
import { itemsRoutes } from './features/files/items/items.routes'
import { shareLinksRoutes } from './features/files/links/share-links.routes'
import { sharingRoutes } from './features/files/sharing/sharing.routes'
import { downloadsRoutes } from './features/files/transfer/downloads.routes'
import { folderZipRoutes } from './features/files/transfer/folder-zip.routes'
import { uploadsRoutes } from './features/files/transfer/uploads.routes'
import { trashRoutes } from './features/files/trash/trash.routes'
import { fileVersionsRoutes } from './features/files/versions/file-versions.routes'
import { conversationsRoutes } from './features/inbox/conversations.routes'
import { inboundAttachmentRoutes } from './features/inbox/inbound/attachments.routes'
import { myRequestsRoutes } from './features/inbox/inbound/my-requests.routes'
import { inboxAdminRoutes } from './features/inbox/inbox-admin.routes'
import { publicFormRoutes } from './features/inbox/public-forms.routes'
import { triageRoutes } from './features/inbox/triage/triage.routes'
import { notificationsRoutes } from './features/notifications/notifications.routes'
import { catalogueRoutes } from './features/shop/catalogue/catalogue.routes'
import { featuredRoutes } from './features/shop/catalogue/featured.routes'
import { productsRoutes } from './features/shop/catalogue/products.routes'
import { customersRoutes } from './features/shop/customers/customers.routes'
import { discountsRoutes } from './features/shop/discounts/discounts.routes'
import { invoicesRoutes } from './features/shop/invoices/invoices.routes'
import { orderDownloadsRoutes } from './features/shop/orders/order-downloads.routes'
import { ordersRoutes } from './features/shop/orders/orders.routes'
import { checkoutRoutes } from './features/shop/payments/checkout.routes'
import { guestCheckoutRoutes } from './features/shop/payments/guest-checkout.routes'
import { paystackWebhookRoutes } from './features/shop/payments/paystack-webhook.routes'
import { refundsRoutes } from './features/shop/payments/refunds.routes'
import { siteRoutes } from './features/site/site.routes'
import { metricsRoutes } from './features/system/metrics.routes'
import { systemRoutes } from './features/system/system.routes'
import type { ProtocolMount } from './lib/http/protocol-mount'
import type { AnyRoute } from './lib/http/route'

/** Every feature's routes, in the table's order. */
const FEATURE_ROUTES = {
  systemRoutes,
  metricsRoutes,
  authRoutes,
  accountsRoutes,
  meRoutes,
  accessTokensRoutes,
  twoFactorRoutes,
  setupRoutes,
  adminUsersRoutes,
  adminSecurityRoutes,
  invitationsRoutes,
  auditRoutes,
  publicFormRoutes,
  triageRoutes,
  conversationsRoutes,
  inboundAttachmentRoutes,
  myRequestsRoutes,
  inboxAdminRoutes,
  notificationsRoutes,
  catalogueRoutes,
  featuredRoutes,
  productsRoutes,
  itemsRoutes,
  sharingRoutes,
  trashRoutes,
  uploadsRoutes,
  downloadsRoutes,
  folderZipRoutes,
  shareLinksRoutes,
  fileVersionsRoutes,
  checkoutRoutes,
  guestCheckoutRoutes,
  paystackWebhookRoutes,
  ordersRoutes,
  invoicesRoutes,
  orderDownloadsRoutes,
  refundsRoutes,
  siteRoutes,
  customersRoutes,
  discountsRoutes,
  dashboardRoutes,
  firstStepsRoutes,
}

/**
 * The route table: every route of the server, in one list. Features export their routes; this file
 * only collects them. The OpenAPI document and the route × actor test are derived from it.
 */
export function buildRouteTable(): AnyRoute[] {
  const table: AnyRoute[] = Object.values(FEATURE_ROUTES).flat()
  table.push(...apiDocsRoutes(() => table, pkg.version))
  return table
}

type Modules = typeof FEATURE_ROUTES
type AnyOf<R> = R extends unknown ? (string extends (R & { path: unknown })['path'] ? never : R) : never

/**
 * One route of the table as its type, with its method, path template and answers: what the test
 * suite's typed client looks a call up in. Routes kept only as AnyRoute (Auth.js's) are left out.
 */
export type TableRoute = AnyOf<{ [K in keyof Modules]: Modules[K][number] }[keyof Modules]>

/**
 * Protocols that are not the JSON API, each mounted beside the route table with its declared access:
 * WebDAV's methods and XML bodies cannot be described as routes (so the OpenAPI document and the route
 * walkers, which test JSON routes, leave /dav/ out; test/files-dav covers it instead).
 */
export function buildProtocolMounts(): ProtocolMount[] {
  return [davMount]
}
